import http from 'node:http';
import type { AddressInfo } from 'node:net';
import test from 'ava';
import { createCrewdClient, type StreamMessage } from '../../clients/typescript/src/index.js';
import { onEveryBackend } from '../helpers/backends.js';
import { sharedServer, startServer, type TestServer } from '../helpers/server.js';
import { until } from '../helpers/until.js';

interface SseMessage {
  id: string | undefined;
  envelope: { event: string; timestamp: string; sequence: number; data: Record<string, any> };
}

/**
 * Reads `GET /v1/outcomes/{id}/events` as text/event-stream to its end over a real HTTP
 * connection, parsing the SSE wire format (blank-line separated blocks of `field: value` lines,
 * `:` comments skipped).
 */
async function followSse(server: TestServer, outcomeId: string, options: { query?: string; lastEventId?: string; into?: SseMessage[] } = {}): Promise<{ status: number; contentType: string | null; messages: SseMessage[]; comments: string[] }> {
  const headers: Record<string, string> = { authorization: `Bearer ${server.key}`, accept: 'text/event-stream' };
  if (options.lastEventId !== undefined) headers['last-event-id'] = options.lastEventId;
  const res = await fetch(`${server.url}/v1/outcomes/${outcomeId}/events${options.query ?? ''}`, { headers });
  const contentType = res.headers.get('content-type');
  if (!contentType?.startsWith('text/event-stream')) return { status: res.status, contentType, messages: [], comments: [] };
  const messages: SseMessage[] = options.into ?? [];
  const comments: string[] = [];
  let text = '';
  const decoder = new TextDecoder();
  for await (const chunk of res.body!) {
    text += decoder.decode(chunk as Uint8Array, { stream: true });
    let end: number;
    while ((end = text.indexOf('\n\n')) >= 0) {
      const block = text.slice(0, end);
      text = text.slice(end + 2);
      let id: string | undefined;
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) {
          comments.push(line.slice(1).trim());
          continue;
        }
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'id') id = value;
        else if (field === 'data') data.push(value);
      }
      if (data.length) messages.push({ id, envelope: JSON.parse(data.join('\n')) });
    }
  }
  return { status: res.status, contentType, messages, comments };
}

async function deploy(server: TestServer): Promise<string> {
  const answer = await server.call('POST', '/v1/crews/writer/deploy', { body: { brief: 'Write a short launch announcement for our new coffee grinder.' } });
  if (answer.status !== 201) throw new Error(`deploy failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.outcome_id as string;
}

async function finished(server: TestServer, outcomeId: string): Promise<void> {
  await until(async () => {
    const { body } = await server.call('GET', `/v1/outcomes/${outcomeId}`);
    return body.status === 'completed' || body.status === 'failed' ? true : undefined;
  }, `outcome ${outcomeId} to finish`, { maxEveryMs: 200 }); // a finished outcome stays finished
}

onEveryBackend((backend) => {
  // Both tests follow outcomes of their own on one server per backend.
  const started = backend.shared({ CREWD_LOCAL_MODEL_DELAY_MS: '40' });
  backend.test('SSE sends the snapshot, then every stored event in order with id: <sequence>, and ends at completion', async (t) => {
    const server = await started();
    const outcomeId = await deploy(server);
    const { status, messages } = await followSse(server, outcomeId);

    t.is(status, 200);
    t.is(messages[0]!.envelope.event, 'outcome.snapshot');
    t.is(messages[0]!.envelope.data.id, outcomeId);
    t.is(messages[0]!.id, undefined, 'the snapshot claims no position to resume from');
    t.is(messages.at(-1)!.envelope.event, 'outcome.completed', 'the response ends after the terminal event');
    const stored = await server.runtime.repos.events.listForOutcome(outcomeId);
    t.deepEqual(
      messages.slice(1).map((m) => [m.id, m.envelope.sequence, m.envelope.event]),
      stored.map((e) => [String(e.sequence), e.sequence, e.kind]),
      'exactly the stored events, in order, each once',
    );
  });

  backend.test('SSE opened with ?after= past the last event of a running outcome ends when it finishes', async (t) => {
    const server = await started();
    const outcomeId = await deploy(server);
    const { messages } = await followSse(server, outcomeId, { query: '?after=100000' });
    await finished(server, outcomeId);
    t.is(messages[0]!.envelope.event, 'outcome.snapshot');
    t.is(messages.at(-1)!.envelope.event, 'outcome.completed');
    const sequences = messages.slice(1).map((m) => m.envelope.sequence);
    t.deepEqual(sequences, sequences.map((_, i) => messages[0]!.envelope.sequence + 1 + i), 'from just after the snapshot, in order, without gaps');
  });
});

// One server for the tests without a setting of their own.
const shared = sharedServer();

test('Last-Event-ID resumes with exactly the rest; it wins over ?after=', async (t) => {
  const server = await shared();
  const outcomeId = await deploy(server);
  await finished(server, outcomeId);
  const stored = await server.runtime.repos.events.listForOutcome(outcomeId);
  t.true(stored.length > 4);

  const resumed = await followSse(server, outcomeId, { lastEventId: '3', query: '?after=1' });
  t.is(resumed.messages[0]!.envelope.event, 'outcome.snapshot');
  t.deepEqual(
    resumed.messages.slice(1).map((m) => m.envelope.sequence),
    stored.filter((e) => e.sequence > 3).map((e) => e.sequence),
    'no gap, no duplicate',
  );
  const viaAfter = await followSse(server, outcomeId, { query: `?after=${stored.at(-2)!.sequence}` });
  t.deepEqual(viaAfter.messages.slice(1).map((m) => m.envelope.event), [stored.at(-1)!.kind]);

  const bad = await server.call('GET', `/v1/outcomes/${outcomeId}/events`, { headers: { accept: 'text/event-stream', 'last-event-id': 'nope' } });
  t.is(bad.status, 400);
  t.is(bad.body.error.details.field, 'Last-Event-ID');
});

test("another workspace's outcome is 404, a key without outcomes:read is 403, no key is 401", async (t) => {
  const server = await shared();
  const outcomeId = await deploy(server);
  const other = await server.runtime.workspaces.create({ name: 'other', plan: 'pro' });
  const stranger = await server.runtime.keys.create({ workspaceId: other.id, name: 's', permissions: ['outcomes:read'] });
  const writer = await server.runtime.keys.create({ workspaceId: server.workspaceId, name: 'w', permissions: ['crews:write'] });
  const sse = { accept: 'text/event-stream' };
  const foreign = await server.call('GET', `/v1/outcomes/${outcomeId}/events`, { key: stranger.secret, headers: sse });
  t.is(foreign.status, 404);
  t.is(foreign.body.error.code, 'not_found');
  t.is((await server.call('GET', `/v1/outcomes/${outcomeId}/events`, { key: stranger.secret })).status, 404);
  t.is((await server.call('GET', `/v1/outcomes/${outcomeId}/events`, { key: writer.secret, headers: sse })).status, 403);
  t.is((await server.call('GET', `/v1/outcomes/${outcomeId}/events`, { key: null, headers: sse })).status, 401);
});

test('without Accept: text/event-stream the stored events come as JSON pages with a cursor', async (t) => {
  const server = await shared();
  const outcomeId = await deploy(server);
  await finished(server, outcomeId);
  const stored = await server.runtime.repos.events.listForOutcome(outcomeId);

  const seen: number[] = [];
  let after: string | null = '0';
  while (after !== null) {
    const page = await server.call('GET', `/v1/outcomes/${outcomeId}/events?limit=2&after=${after}`);
    t.is(page.status, 200);
    t.true(page.body.data.length <= 2);
    for (const event of page.body.data) {
      t.deepEqual(Object.keys(event).sort(), ['data', 'event', 'sequence', 'timestamp']);
      seen.push(event.sequence);
    }
    t.is(page.body.pagination.has_more, page.body.pagination.next_cursor !== null);
    after = page.body.pagination.next_cursor;
  }
  t.deepEqual(seen, stored.map((e) => e.sequence), 'every stored event once, oldest first');
  t.is((await server.call('GET', `/v1/outcomes/${outcomeId}/events?limit=0`)).status, 400);
  t.is((await server.call('GET', `/v1/outcomes/${outcomeId}/events?colour=red`)).status, 400);
});

/** A proxy in front of the server that passes plain HTTP but refuses every WebSocket upgrade, as some proxies do. */
async function noWebSocketProxy(target: string): Promise<{ url: string; close(): Promise<void> }> {
  const upstream = new URL(target);
  const proxy = http.createServer((req, res) => {
    const forwarded = http.request({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forwarded.on('error', () => res.destroy());
    req.pipe(forwarded);
  });
  proxy.on('upgrade', (_req, socket) => socket.end('HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain\r\nContent-Length: 22\r\nConnection: close\r\n\r\nWebSocket not allowed.'));
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => proxy.close(() => resolve())),
  };
}

test("the typed client's follow() uses SSE when asked, and falls back to it when the upgrade is refused by a proxy", async (t) => {
  const server = await startServer({ CREWD_LOCAL_MODEL_DELAY_MS: '20' });
  t.teardown(() => server.close());
  const proxy = await noWebSocketProxy(server.url);
  t.teardown(() => proxy.close());

  for (const [baseUrl, options] of [
    [server.url, { transport: 'sse' as const }],
    [proxy.url, {}],
  ] as const) {
    const client = createCrewdClient({ baseUrl, apiKey: server.key });
    const outcomeId = await deploy(server);
    const messages: StreamMessage[] = [];
    for await (const message of client.follow(outcomeId, { reconnectDelayMs: 10, ...options })) messages.push(message);
    t.is(messages[0]!.event, 'outcome.snapshot');
    t.is(messages.at(-1)!.event, 'outcome.completed');
    const stored = await server.runtime.repos.events.listForOutcome(outcomeId);
    t.deepEqual(messages.filter((m) => m.event !== 'outcome.snapshot').map((m) => m.sequence), stored.map((e) => e.sequence), `every event once, in order (${baseUrl === proxy.url ? 'fallback' : 'sse'})`);
  }
});

test('a quiet SSE response gets keep-alive comments at the stream ping interval', async (t) => {
  // Each agent step thinks for 1.5 s while pings come every 100 ms: comments must arrive in between.
  const server = await startServer({ CREWD_LOCAL_MODEL_DELAY_MS: '1500' }, { eventsOut: { streamPingEveryMs: 100 } });
  t.teardown(() => server.close());
  const outcomeId = await deploy(server);
  const { messages, comments } = await followSse(server, outcomeId);
  t.true(comments.filter((comment) => comment === 'keep-alive').length >= 2, `keep-alive comments: ${JSON.stringify(comments)}`);
  t.is(messages.at(-1)!.envelope.event, 'outcome.completed');
});

test('shutting down ends open SSE responses instead of waiting on them', async (t) => {
  const server = await startServer({ CREWD_LOCAL_MODEL_DELAY_MS: '5000' });
  const outcomeId = await deploy(server);
  const seen: SseMessage[] = [];
  const following = followSse(server, outcomeId, { into: seen });
  await until(async () => (seen.length > 0 ? true : undefined), 'the snapshot', 30_000);
  await server.close();
  const ended = await following;
  t.is(ended.messages[0]!.envelope.event, 'outcome.snapshot');
  t.not(ended.messages.at(-1)!.envelope.event, 'outcome.completed', 'the outcome was still running');
  t.true(ended.comments.some((comment) => comment.startsWith('closed 1001')), 'the end says why');
});
