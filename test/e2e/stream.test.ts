import net from 'node:net';
import test from 'ava';
import WebSocket from 'ws';
import { onEveryBackend } from '../helpers/backends.js';
import { sharedServer, startServer, type TestServer } from '../helpers/server.js';
import { until } from '../helpers/until.js';
import { waitFor } from '../helpers/waitFor.js';

interface Message {
  event: string;
  timestamp: string;
  sequence: number;
  data: Record<string, any>;
}

/** The HTTP answer to a refused upgrade, read through ws's 'unexpected-response'. */
function refusal(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.on('open', () => reject(new Error('the upgrade was accepted')));
    ws.on('error', () => undefined);
    ws.on('unexpected-response', (_req, res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined }));
    });
  });
}

/** Follows a stream to its end: every message, and the close code; `onFirst` runs on the snapshot. */
function follow(server: TestServer, outcomeId: string, query = '', onFirst?: () => void): Promise<{ messages: Message[]; code: number }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/v1/outcomes/${outcomeId}/stream${query}`, { headers: { authorization: `Bearer ${server.key}` } });
    const messages: Message[] = [];
    ws.on('message', (data) => {
      messages.push(JSON.parse(String(data)) as Message);
      if (messages.length === 1) onFirst?.();
    });
    ws.on('close', (code) => resolve({ messages, code }));
    ws.on('error', reject);
  });
}

async function deploy(server: TestServer, brief = 'Write a short launch announcement for our new coffee grinder.'): Promise<string> {
  const answer = await server.call('POST', '/v1/crews/writer/deploy', { body: { brief } });
  if (answer.status !== 201) throw new Error(`deploy failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.outcome_id as string;
}

async function finished(server: TestServer, outcomeId: string): Promise<void> {
  await until(async () => {
    const { body } = await server.call('GET', `/v1/outcomes/${outcomeId}`);
    return body.status === 'completed' || body.status === 'failed';
  }, `outcome ${outcomeId} to finish`, { maxEveryMs: 200 }); // a finished outcome stays finished
}

// One server for the tests without a setting of their own and without a count of the server's clients.
const shared = sharedServer();

function checkSequences(t: import('ava').ExecutionContext, messages: Message[], from: number) {
  const sequences = messages.slice(1).map((m) => m.sequence);
  t.deepEqual(
    sequences,
    sequences.map((_, i) => from + i),
    'events arrive in order, each once, without gaps',
  );
}

test('upgrades are refused with real HTTP answers before the handshake', async (t) => {
  const server = await shared();
  const ws = server.url.replace('http', 'ws');
  const outcomeId = await deploy(server);

  const anonymous = await refusal(`${ws}/v1/outcomes/${outcomeId}/stream`);
  t.is(anonymous.status, 401);
  t.is(anonymous.body.error.code, 'unauthorized');
  t.is(anonymous.body.error.details.reason, 'missing_authorization_header');

  const badKey = await refusal(`${ws}/v1/outcomes/${outcomeId}/stream`, { authorization: 'Bearer crew_sk_nope_nope_nope_nope' });
  t.is(badKey.status, 401);
  t.is(badKey.body.error.details.reason, 'api_key_invalid');

  const writer = await server.runtime.keys.create({ workspaceId: server.workspaceId, name: 'w', permissions: ['crews:write'] });
  const forbidden = await refusal(`${ws}/v1/outcomes/${outcomeId}/stream`, { authorization: `Bearer ${writer.secret}` });
  t.is(forbidden.status, 403);
  t.is(forbidden.body.error.details.required_permission, 'outcomes:read');

  const other = await server.runtime.workspaces.create({ name: 'other', plan: 'pro' });
  const stranger = await server.runtime.keys.create({ workspaceId: other.id, name: 's', permissions: ['outcomes:read'] });
  const foreign = await refusal(`${ws}/v1/outcomes/${outcomeId}/stream`, { authorization: `Bearer ${stranger.secret}` });
  t.is(foreign.status, 404, "another workspace's outcome is not there");
  t.is(foreign.body.error.code, 'not_found');

  const auth = { authorization: `Bearer ${server.key}` };
  t.is((await refusal(`${ws}/v1/outcomes/out_doesnotexist/stream`, auth)).status, 404);
  t.is((await refusal(`${ws}/v1/elsewhere`, auth)).status, 404, 'an unknown upgrade path is 404, not a hanging socket');
  t.is((await refusal(`${ws}/v1/outcomes/${outcomeId}/stream?after=-1`, auth)).status, 400);

  const plain = await server.call('GET', `/v1/outcomes/${outcomeId}/stream`);
  t.is(plain.status, 426, 'a plain GET is told to upgrade');
  t.is(plain.body.error.code, 'upgrade_required');
});

test('a raw upgrade to an unknown path gets an HTTP 404 and the socket is closed', async (t) => {
  const server = await shared();
  const { port } = new URL(server.url);
  const answer = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => {
      socket.write(['GET /nowhere HTTP/1.1', 'Host: x', 'Connection: Upgrade', 'Upgrade: websocket', 'Sec-WebSocket-Version: 13', 'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==', '', ''].join('\r\n'));
    });
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
  t.regex(answer, /^HTTP\/1\.1 404 /);
  t.regex(answer, /"code":"not_found"/);
});

test('a stream sends the snapshot, then every event in order, and closes with 1000 on completion', async (t) => {
  const server = await startServer({ CREWD_LOCAL_MODEL_DELAY_MS: '40' });
  t.teardown(() => server.close());
  const outcomeId = await deploy(server);
  const { messages, code } = await follow(server, outcomeId);

  t.is(code, 1000);
  t.is(messages[0]!.event, 'outcome.snapshot');
  t.is(messages[0]!.data.id, outcomeId);
  t.is(typeof messages[0]!.sequence, 'number');
  checkSequences(t, messages, 1);
  t.is(messages[1]!.event, 'outcome.created');
  t.is(messages.at(-1)!.event, 'outcome.completed');
  t.true(messages.some((m) => m.event === 'crew.agent_started'));
  const stored = await server.runtime.repos.events.listForOutcome(outcomeId);
  t.deepEqual(
    messages.slice(1).map((m) => [m.sequence, m.event]),
    stored.map((e) => [e.sequence, e.kind]),
    'the stream carries exactly the stored events',
  );
});

test('?after=<sequence> resumes with the events after it; a finished outcome closes after catching up', async (t) => {
  const server = await shared();
  const outcomeId = await deploy(server);
  await finished(server, outcomeId);
  const stored = await server.runtime.repos.events.listForOutcome(outcomeId);
  t.true(stored.length > 4);

  const resumed = await follow(server, outcomeId, '?after=3');
  t.is(resumed.code, 1000);
  t.is(resumed.messages[0]!.event, 'outcome.snapshot');
  t.is(resumed.messages[0]!.data.status, 'completed');
  checkSequences(t, resumed.messages, 4);
  t.is(resumed.messages.length - 1, stored.length - 3);

  const caughtUp = await follow(server, outcomeId, `?after=${stored.at(-1)!.sequence}`);
  t.is(caughtUp.code, 1000);
  t.deepEqual(caughtUp.messages.map((m) => m.event), ['outcome.snapshot'], 'nothing left to send: snapshot, then close');
});

test('concurrent outcomes each stream their own events in order', async (t) => {
  const server = await startServer({ CREWD_LOCAL_MODEL_DELAY_MS: '20' });
  t.teardown(() => server.close());
  const ids = await Promise.all(Array.from({ length: 6 }, (_, i) => deploy(server, `Brief number ${i}: write about a quiet harbour town.`)));
  // Two followers per outcome, the second joining once the first has its snapshot.
  const pairs = ids.map((id) => {
    let joinSecond!: (stream: ReturnType<typeof follow>) => void;
    const second = new Promise<ReturnType<typeof follow>>((resolve) => (joinSecond = resolve)).then((stream) => stream);
    const first = follow(server, id, '', () => joinSecond(follow(server, id)));
    return Promise.all([first, second]);
  });
  const streams = (await Promise.all(pairs)).flat();
  for (const [i, { messages, code }] of streams.entries()) {
    const id = ids[Math.floor(i / 2)]!;
    t.is(code, 1000);
    t.is(messages[0]!.event, 'outcome.snapshot');
    t.true(messages.slice(1).every((m) => m.data.outcome_id === id), 'only its own outcome');
    checkSequences(t, messages, 1);
    t.is(messages.at(-1)!.event, 'outcome.completed');
  }
});

/** An outcome row that stays `processing`, so tests can write its events themselves. */
async function runningOutcome(server: TestServer, id: string): Promise<void> {
  const template = await deploy(server);
  await finished(server, template);
  await server.runtime.db('outcomes').insert({ ...(await server.runtime.db('outcomes').where({ id: template }).first()), id, status: 'processing', completed_at: null });
}

function open(server: TestServer, outcomeId: string): Promise<{ ws: WebSocket; first: Message }> {
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/v1/outcomes/${outcomeId}/stream`, { headers: { authorization: `Bearer ${server.key}` } });
  return new Promise((resolve, reject) => {
    ws.once('message', (data) => resolve({ ws, first: JSON.parse(String(data)) as Message }));
    ws.once('error', reject);
  });
}

test('the server pings every interval; a client that stops answering is dropped', async (t) => {
  // A whole second per ping: an in-process client on a loaded machine still answers in time.
  const server = await startServer({}, { eventsOut: { streamPingEveryMs: 1_000 } });
  t.teardown(() => server.close());
  await runningOutcome(server, 'out_pingtest');
  const { ws, first } = await open(server, 'out_pingtest');
  // Listen for the close from the start, so a close that comes early cannot be missed.
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  t.is(first.event, 'outcome.snapshot');
  let pings = 0;
  ws.on('ping', () => (pings += 1));
  await until(() => pings >= 3, 'three pings');
  t.is(server.runtime.eventsOut.stream.clientCount, 1, 'a client that answers stays');

  (ws as unknown as { _socket: net.Socket })._socket.pause(); // pongs stop
  await until(() => server.runtime.eventsOut.stream.clientCount === 0, 'the silent client to be dropped');
  (ws as unknown as { _socket: net.Socket })._socket.resume();
  t.is(await closed, 1006, 'terminated without a close frame');
});

test('a client that does not keep up is closed with 1013 instead of queueing without bound', async (t) => {
  const server = await startServer({}, { eventsOut: { streamMaxBufferedBytes: 64 * 1024 } });
  t.teardown(() => server.close());
  const runningId = 'out_slowclienttest';
  await runningOutcome(server, runningId);
  const stream = server.runtime.eventsOut.stream;
  const { ws, first } = await open(server, runningId);
  t.is(first.event, 'outcome.snapshot');

  // Stop reading; the server keeps writing large events until the client's queue passes the bound.
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  (ws as unknown as { _socket: net.Socket })._socket.pause();
  const big = 'x'.repeat(256 * 1024);
  let sequence = 0;
  for (let i = 0; i < 200 && stream.clientCount > 0; i++) {
    const batch = Array.from({ length: 4 }, () => ({
      id: `evt_slow${(sequence += 1)}`,
      workspace_id: server.workspaceId,
      outcome_id: runningId,
      sequence,
      kind: 'crew.agent_completed',
      timestamp: new Date().toISOString(),
      data: { outcome_id: runningId, filler: big },
    }));
    await server.runtime.repos.events.append(batch);
    server.runtime.eventBus.publish(batch);
    // Let the server write what it can before the next batch (its queue for this client grows).
    await new Promise((resolve) => setImmediate(resolve));
  }
  t.is(stream.clientCount, 0, 'the slow client was dropped');
  t.true(sequence < 800, 'long before the writer ran out of events');
  (ws as unknown as { _socket: net.Socket })._socket.resume();
  t.is(await closed, 1013);
});

test('live events written directly after connecting arrive once each, in order', async (t) => {
  const server = await shared();
  const id = 'out_livetest';
  await runningOutcome(server, id);
  const { ws } = await open(server, id);
  const received: Message[] = [];
  ws.on('message', (data) => received.push(JSON.parse(String(data)) as Message));
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const event = (sequence: number, kind: string) => ({
    id: `evt_live${sequence}`,
    workspace_id: server.workspaceId,
    outcome_id: id,
    sequence,
    kind,
    timestamp: new Date().toISOString(),
    data: { outcome_id: id, n: sequence },
  });
  // 1..3 published normally; 4 stored but its notice lost; 5 published: the stream fills the hole from the table.
  for (const n of [1, 2, 3]) {
    await server.runtime.repos.events.append([event(n, 'crew.agent_started')]);
    server.runtime.eventBus.publish([event(n, 'crew.agent_started')]);
  }
  await server.runtime.repos.events.append([event(4, 'crew.agent_completed')]);
  await server.runtime.repos.events.append([event(5, 'outcome.completed')]);
  server.runtime.eventBus.publish([event(5, 'outcome.completed')]);
  server.runtime.eventBus.publish([event(3, 'crew.agent_started')]); // a repeated notice changes nothing
  t.is(await closed, 1000);
  t.deepEqual(received.map((m) => m.sequence), [1, 2, 3, 4, 5]);
  t.is(received.at(-1)!.event, 'outcome.completed');
});

test('the snapshot sequence is the latest stored sequence even when ?after= is beyond it', async (t) => {
  const server = await shared();
  const outcomeId = await deploy(server);
  await finished(server, outcomeId);
  const stored = await server.runtime.repos.events.listForOutcome(outcomeId);
  const latest = stored.at(-1)!.sequence;
  const beyond = await follow(server, outcomeId, `?after=${latest + 500}`);
  t.is(beyond.messages[0]!.event, 'outcome.snapshot');
  t.is(beyond.messages[0]!.sequence, latest);
  t.is(beyond.code, 1000);
});

test('an unknown query parameter on the stream is a 400 naming it, before the upgrade', async (t) => {
  const server = await shared();
  const outcomeId = await deploy(server);
  const res = await refusal(`${server.url.replace('http', 'ws')}/v1/outcomes/${outcomeId}/stream?colour=red`, { authorization: `Bearer ${server.key}` });
  t.is(res.status, 400);
  t.is(res.body.error.code, 'invalid_request');
  t.is(res.body.error.details.field, 'colour');
});

// Issue 25: a stream opened with ?after= past the last event dropped every later event as "already
// sent" (the terminal one too), so it never closed. It ends like any other stream.
onEveryBackend((backend) => {
  backend.test('a stream opened with ?after= past the last event of a running outcome closes with 1000 when it finishes', async (t) => {
    const server = await backend.start({ CREWD_LOCAL_MODEL_DELAY_MS: '40' });
    t.teardown(() => server.close());
    const outcomeId = await deploy(server);
    let closed: { messages: Message[]; code: number } | undefined;
    const following = follow(server, outcomeId, '?after=100000').then((result) => (closed = result));
    await finished(server, outcomeId);
    await until(async () => closed, 'the stream past the end to close', 60_000);
    await following;
    t.is(closed!.code, 1000);
    t.is(closed!.messages[0]!.event, 'outcome.snapshot');
    t.is(closed!.messages.at(-1)!.event, 'outcome.completed', 'the events after the snapshot arrive, the terminal one last');
    const sequences = closed!.messages.slice(1).map((m) => m.sequence);
    t.deepEqual(sequences, sequences.map((_, i) => closed!.messages[0]!.sequence + 1 + i), 'from just after the snapshot, in order, without gaps');
  });
});
