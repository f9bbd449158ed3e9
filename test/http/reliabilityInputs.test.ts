import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import test, { type ExecutionContext } from 'ava';
import WebSocket from 'ws';
import { waitForOutcome } from '../e2e/outcomesHelpers.js';
import { createPostgresDatabase, postgresTest } from '../helpers/postgres.js';
import { serveProcess, stopProcess } from '../helpers/processes.js';
import { startServer, tempDir, type TestServer } from '../helpers/server.js';

/** Sends raw bytes and returns everything the server answered before it closed the connection. */
async function raw(url: string, request: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(request));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no end; got ${answer}`)));
  });
}

function bodyOf(answer: string): any {
  return JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
}

test('a request without Host gets a 400 in the error shape', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const answer = await raw(server.url, `GET /v1/crews HTTP/1.1\r\nAuthorization: Bearer ${server.key}\r\nConnection: close\r\n\r\n`);
  t.regex(answer, /^HTTP\/1\.1 400 /);
  const body = bodyOf(answer);
  t.is(body.error.code, 'invalid_request');
  t.is(body.error.details.field, 'Host');
  t.regex(body.error.message, /Host/);
});

test('a 5 MB body gets a readable 413 in the error shape, not a broken connection', async (t) => {
  // A server in its own process, as deployed: in-process, the client's writes and the server's reads interleave.
  const dataDir = tempDir();
  const key = 'crew_sk_bodylimit0123456789abc';
  const { child, url } = await serveProcess({ CREWD_DATA_DIR: dataDir, CREWD_BOOTSTRAP_KEY: key, CREWD_LOG_LEVEL: 'silent' });
  t.teardown(async () => {
    await stopProcess(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const server = { url, key };
  const big = JSON.stringify({ brief: 'x'.repeat(5 * 1024 * 1024) });
  // fetch sends the whole body before it reads the answer: it used to meet a closed socket (EPIPE).
  for (let i = 0; i < 3; i++) {
    const response = await fetch(`${server.url}/v1/crews/writer/deploy`, { method: 'POST', headers: { authorization: `Bearer ${server.key}`, 'content-type': 'application/json' }, body: big });
    t.is(response.status, 413);
    t.is(((await response.json()) as any).error.code, 'payload_too_large');
  }
  // Chunked, with no declared length, the same.
  const chunked = await fetch(`${server.url}/v1/crews/writer/deploy`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.key}`, 'content-type': 'application/json' },
    body: new Blob([big]).stream(),
    duplex: 'half',
  } as RequestInit);
  t.is(chunked.status, 413);
  t.is(((await chunked.json()) as any).error.code, 'payload_too_large');
});

async function limitEdges(t: ExecutionContext, server: TestServer): Promise<void> {
  for (const after of ['2147483648', '9223372036854775807', '9223372036854775808', '99999999999999999999']) {
    const events = await server.call('GET', `/v1/admin/events?after=${after}`);
    t.true(events.status === 200 || events.status === 400, `after=${after}: ${events.status} ${JSON.stringify(events.body)}`);
    if (events.status === 200) t.deepEqual(events.body.events, []);
    else t.is(events.body.error.code, 'invalid_request');
  }
  const deployed = await server.call('POST', '/v1/crews/writer/run', { body: { brief: 'A short note about cursor limits' } });
  t.is(deployed.status, 201);
  await waitForOutcome(server, deployed.body.outcome_id);
  for (const after of ['2147483647', '2147483648', '999999999999999']) {
    const frames = await new Promise<{ code: number; frames: any[] }>((resolve, reject) => {
      const ws = new WebSocket(`${server.url.replace('http', 'ws')}/v1/outcomes/${deployed.body.outcome_id}/stream?after=${after}`, { headers: { authorization: `Bearer ${server.key}` } });
      const frames: any[] = [];
      ws.on('message', (data) => frames.push(JSON.parse(String(data))));
      ws.on('close', (code) => resolve({ code, frames }));
      ws.on('error', reject);
    });
    t.is(frames.frames[0]?.event, 'outcome.snapshot', `after=${after}: the snapshot comes first`);
    t.is(frames.code, 1000, `after=${after}: closed normally (the outcome is finished)`);
  }
}

test('cursor values past 2^31 and 2^63 are answered, never a 500 or a 1011 (SQLite)', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  await limitEdges(t, server);
});

postgresTest('cursor values past 2^31 and 2^63 are answered, never a 500 or a 1011 (Postgres)', async (t) => {
  const pg = await createPostgresDatabase();
  const server = await startServer({ CREWD_DATABASE_URL: pg.url });
  t.teardown(async () => {
    await server.close();
    await pg.drop();
  });
  await limitEdges(t, server);
});

test('a model failure carrying a 100 KB message leaves a short last_error on the outcome', async (t) => {
  const dump = `invalid pattern /${'(?:a|b)'.repeat(15_000)}/`;
  const model = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: dump, type: 'invalid_request_error' } }));
    });
  });
  await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve));
  const { port } = model.address() as AddressInfo;
  const server = await startServer({ CREWD_MODEL: 'openai', OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1`, OPENAI_API_KEY: 'sk-test', CREWD_MODEL_NAME: 'test-model' });
  t.teardown(async () => {
    await server.close();
    model.close();
  });
  const deployed = await server.call('POST', '/v1/crews/writer/deploy', { body: { brief: 'A brief the model refuses' } });
  const failed = await waitForOutcome(server, deployed.body.outcome_id);
  t.is(failed.status, 'failed');
  t.true(String(failed.error.details.last_error).length <= 300, `last_error is ${String(failed.error.details.last_error).length} characters`);
  t.true(String(failed.error.message).length <= 300);
  t.true(JSON.stringify(failed).length < 20_000, 'the outcome is not a dump');
});
