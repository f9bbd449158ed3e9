import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import test from 'ava';
import { generateTypes } from '../../clients/typescript/generateTypes.js';
import { createCrewdClient, CrewdApiError, unwrap, type StreamMessage } from '../../clients/typescript/src/index.js';
import { workspaceWithKey } from '../e2e/outcomesHelpers.js';
import { startServer } from '../helpers/server.js';

const brief = 'Write a short article about composting in small city apartments.';

test('the generated types match the served OpenAPI document (run npm run client:generate when this fails)', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const document = (await server.call('GET', '/v1/openapi.json', { key: null })).body;
  const committed = fs.readFileSync(new URL('../../clients/typescript/src/schema.ts', import.meta.url), 'utf8');
  t.true(committed === (await generateTypes(document)), 'clients/typescript/src/schema.ts is stale: run npm run client:generate');
});

test('the typed client deploys, follows the stream to the end and reads the result', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const client = createCrewdClient({ baseUrl: server.url, apiKey: server.key });
  const deployed = unwrap(await client.api.POST('/v1/crews/{crew_id}/deploy', { params: { path: { crew_id: 'writer' } }, body: { brief, requirements: { tone: 'friendly', nested: { any: ['thing'] } } } }));
  t.is(deployed.status, 'processing');
  const messages: StreamMessage[] = [];
  for await (const message of client.follow(deployed.outcome_id)) messages.push(message);
  t.is(messages[0]!.event, 'outcome.snapshot');
  t.is(messages.at(-1)!.event, 'outcome.completed');
  const result = unwrap(await client.api.GET('/v1/outcomes/{outcome_id}/result', { params: { path: { outcome_id: deployed.outcome_id } } }));
  t.is(typeof result.result.content, 'string');

  const missing = await client.api.GET('/v1/outcomes/{outcome_id}', { params: { path: { outcome_id: 'out_missing' } } });
  const error = t.throws(() => unwrap(missing), { instanceOf: CrewdApiError });
  t.is(error?.status, 404);
  t.is(error?.code, 'not_found');
});

test('the client walks every page of the outcome list with the cursor', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const client = createCrewdClient({ baseUrl: server.url, apiKey: server.key });
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) ids.push(unwrap(await client.api.POST('/v1/crews/{crew_id}/run', { params: { path: { crew_id: 'writer' } }, body: { brief } })).outcome_id);
  const seen: string[] = [];
  for await (const outcome of client.outcomes({ limit: 1 })) seen.push(outcome.id as string);
  t.deepEqual([...seen].sort(), [...ids].sort());
  t.is(new Set(seen).size, 3);
});

test('a rate-limited call waits as long as Retry-After says before trying again', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const workspace = await server.runtime.workspaces.create({ name: 'tiny', plan: 'starter', requestsPerMinute: 1 });
  const { secret } = await server.runtime.keys.create({ workspaceId: workspace.id, name: 'k', permissions: ['crews:read'] });
  const waits: number[] = [];
  const seenRetryAfter: string[] = [];
  const client = createCrewdClient({
    baseUrl: server.url,
    apiKey: secret,
    retries: 1,
    maxDelayMs: 3_600_000,
    sleep: async (ms) => void waits.push(ms),
    fetch: async (request) => {
      const response = await fetch(request);
      if (response.status === 429) seenRetryAfter.push(response.headers.get('Retry-After') ?? '');
      return response;
    },
  });
  t.is((await client.api.GET('/v1/crews')).response.status, 200);
  const limited = await client.api.GET('/v1/crews');
  t.is(limited.response.status, 429);
  t.is(seenRetryAfter.length, 2, 'the first 429 was tried again once');
  t.deepEqual(waits, [Number(seenRetryAfter[0]) * 1000]);
});

test('5xx answers are retried, and a creating call keeps one Idempotency-Key so it creates once', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  // A real loopback front that answers the first request 503 (Retry-After: 0), then passes through.
  const keys: string[] = [];
  let first = true;
  const front = http.createServer((req, res) => {
    keys.push(String(req.headers['idempotency-key']));
    if (first) {
      first = false;
      req.resume();
      res.writeHead(503, { 'Retry-After': '0', 'Content-Type': 'application/json' }).end(JSON.stringify({ error: { code: 'unavailable', message: 'try again', details: {} } }));
      return;
    }
    const upstream = http.request(server.url + req.url, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode!, answer.headers);
      answer.pipe(res);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => front.close(() => resolve())));
  const frontUrl = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;

  const client = createCrewdClient({ baseUrl: frontUrl, apiKey: server.key, sleep: async () => undefined });
  const created = unwrap(await client.api.POST('/v1/crews/{crew_id}/run', { params: { path: { crew_id: 'writer' } }, body: { brief } }));
  t.regex(created.outcome_id, /\S/);
  t.is(keys.length, 2);
  t.is(keys[0], keys[1], 'the retry carried the same Idempotency-Key');
  t.not(keys[0], 'undefined');

  // The answer got lost after the service created the outcome: the retry is replayed, not run again.
  let lose = true;
  const lossy = createCrewdClient({
    baseUrl: server.url,
    apiKey: server.key,
    sleep: async () => undefined,
    fetch: async (request) => {
      const response = await fetch(request);
      if (lose) {
        lose = false;
        throw new TypeError('fetch failed');
      }
      t.is(response.headers.get('Idempotent-Replayed'), 'true');
      return response;
    },
  });
  const before = (await server.call('GET', '/v1/outcomes?limit=100')).body.data.length;
  unwrap(await lossy.api.POST('/v1/crews/{crew_id}/run', { params: { path: { crew_id: 'writer' } }, body: { brief } }));
  t.is((await server.call('GET', '/v1/outcomes?limit=100')).body.data.length, before + 1);
});

test('the stream helper resumes after a dropped connection from the last sequence, missing and repeating nothing', async (t) => {
  const server = await startServer({ CREWD_LOCAL_MODEL_DELAY_MS: '300' });
  t.teardown(() => server.close());
  const { key } = await workspaceWithKey(server, 'streamer');
  // A loopback TCP relay we can cut: it records each connection's request line.
  const sockets = new Set<net.Socket>();
  const requestLines: string[] = [];
  const upstreamPort = Number(new URL(server.url).port);
  const relay = net.createServer((downstream) => {
    const upstream = net.connect(upstreamPort, '127.0.0.1');
    sockets.add(downstream).add(upstream);
    downstream.once('data', (chunk) => requestLines.push(String(chunk).split('\r\n')[0]!));
    downstream.pipe(upstream).pipe(downstream);
    const drop = () => {
      downstream.destroy();
      upstream.destroy();
    };
    downstream.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => relay.close(() => resolve())));
  const relayUrl = `http://127.0.0.1:${(relay.address() as AddressInfo).port}`;

  const client = createCrewdClient({ baseUrl: relayUrl, apiKey: key });
  const deployed = unwrap(await client.api.POST('/v1/crews/{crew_id}/deploy', { params: { path: { crew_id: 'writer' } }, body: { brief } }));
  const events: StreamMessage[] = [];
  let cut = false;
  for await (const message of client.follow(deployed.outcome_id, { reconnectDelayMs: 10 })) {
    if (message.event === 'outcome.snapshot') continue;
    events.push(message);
    if (!cut && message.event === 'crew.agent_started') {
      cut = true;
      for (const socket of sockets) socket.destroy();
    }
  }
  t.true(cut);
  const streams = requestLines.filter((line) => line.includes('/stream'));
  t.true(streams.length >= 2, requestLines.join('\n'));
  // It resumed after the last sequence it had received (messages already buffered when the
  // connection dropped still count), never before the cut.
  const resumedAfter = Number(/after=(\d+)/.exec(streams[1]!)?.[1]);
  t.true(resumedAfter >= events.find((e) => e.event === 'crew.agent_started')!.sequence, streams[1]);
  const sequences = events.map((e) => e.sequence);
  t.deepEqual(sequences, Array.from({ length: sequences.length }, (_, i) => i + 1), 'every sequence once, in order');
  t.true(resumedAfter < sequences.length);
  t.is(events.at(-1)!.event, 'outcome.completed');
});
