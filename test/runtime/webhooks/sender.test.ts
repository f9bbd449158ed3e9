import { performance } from 'node:perf_hooks';
import test from 'ava';
import type dns from 'node:dns';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createWebhookSender, type WebhookSenderOptions } from '../../../runtime/webhooks/sender.js';
import { signPayload, verifySignature } from '../../../runtime/webhooks/signature.js';

interface Received {
  method: string;
  url: string;
  rawHeaders: string[];
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A real receiver on loopback; `answer` decides the response, `null` means never answer. */
async function receiver(t: { teardown(fn: () => Promise<void> | void): void }, answer: (req: http.IncomingMessage, res: http.ServerResponse) => unknown) {
  const received: Received[] = [];
  let connections = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ method: req.method!, url: req.url!, rawHeaders: req.rawHeaders, headers: req.headers, body: Buffer.concat(chunks) });
      answer(req, res);
    });
  });
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const { port } = server.address() as AddressInfo;
  return { port, url: `http://127.0.0.1:${port}`, received, connections: () => connections };
}

function sender(t: { teardown(fn: () => Promise<void>): void }, options: Partial<WebhookSenderOptions> = {}) {
  const created = createWebhookSender({ clock: performance, timeoutMs: 5_000, allowPrivate: true, ...options });
  t.teardown(() => created.close());
  return created;
}

const body = JSON.stringify({ event: 'webhook.test', timestamp: '2026-01-01T00:00:00.000Z', data: { webhook_id: 'wh_1', test: true, message: 'héllo ✓' } });
const secret = 'whsec_test';

function headersFor(rawBody: string) {
  return {
    'X-Service-Signature': signPayload(secret, rawBody),
    'X-Service-Event': 'webhook.test',
    'X-Service-Delivery': 'del_123',
    'X-Service-Timestamp': '2026-01-01T00:00:00.000Z',
  };
}

test('a 200 answer is a successful attempt; body and headers arrive byte-exact', async (t) => {
  const rx = await receiver(t, (_req, res) => res.writeHead(200).end('thanks'));
  const result = await sender(t).send({ url: `${rx.url}/hooks/in?x=1`, body, headers: headersFor(body) });

  t.like(result, { ok: true, status: 200 });
  t.is(result.error, undefined);
  t.true(Number.isInteger(result.responseTimeMs) && result.responseTimeMs >= 0);
  t.is(rx.received.length, 1);
  const [request] = rx.received as [Received];
  t.is(request.method, 'POST');
  t.is(request.url, '/hooks/in?x=1');
  t.true(request.body.equals(Buffer.from(body, 'utf8')));
  t.is(request.headers['content-type'], 'application/json');
  t.is(request.headers['x-service-event'], 'webhook.test');
  t.is(request.headers['x-service-delivery'], 'del_123');
  t.is(request.headers['x-service-timestamp'], '2026-01-01T00:00:00.000Z');
  t.is(request.headers['content-length'], String(Buffer.byteLength(body)));
  // The receiver's own check, on the raw bytes it got.
  t.true(verifySignature(secret, request.body, request.headers['x-service-signature'] as string));
});

test('the caller cannot change the content type, and it is sent once', async (t) => {
  const rx = await receiver(t, (_req, res) => res.writeHead(204).end());
  const result = await sender(t).send({ url: rx.url, body, headers: { 'Content-Type': 'text/plain' } });
  t.like(result, { ok: true, status: 204 });
  const contentTypes = rx.received[0]!.rawHeaders.filter((_, i, all) => i % 2 === 0 && all[i]!.toLowerCase() === 'content-type');
  t.is(contentTypes.length, 1);
  t.is(rx.received[0]!.headers['content-type'], 'application/json');
});

for (const status of [500, 503, 404, 410]) {
  test(`a ${status} answer is a failed attempt that keeps the status`, async (t) => {
    const rx = await receiver(t, (_req, res) => res.writeHead(status).end('nope'));
    const result = await sender(t).send({ url: rx.url, body, headers: {} });
    t.like(result, { ok: false, status });
  });
}

test('a receiver that never answers is a failed attempt with an error, not a throw', async (t) => {
  const rx = await receiver(t, () => null);
  // Long enough for the request to arrive on a busy machine, so the last assertion checks the deadline, not the load.
  const result = await sender(t, { timeoutMs: 1_500 }).send({ url: rx.url, body, headers: {} });
  t.like(result, { ok: false, status: null });
  t.regex(result.error ?? '', /no answer within 1500 ms/);
  t.is(rx.received.length, 1, 'the request did reach the receiver');
});

test('a refused connection is a failed attempt with an error', async (t) => {
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const { port } = closed.address() as AddressInfo;
  await new Promise<void>((resolve) => closed.close(() => resolve()));

  const result = await sender(t).send({ url: `http://127.0.0.1:${port}/`, body, headers: {} });
  t.like(result, { ok: false, status: null });
  t.regex(result.error ?? '', /ECONNREFUSED/);
});

test('a 302 is a failed attempt and the redirect is not followed', async (t) => {
  const rx = await receiver(t, (req, res) => {
    if (req.url === '/start') res.writeHead(302, { location: '/elsewhere' }).end();
    else res.writeHead(200).end();
  });
  const result = await sender(t).send({ url: `${rx.url}/start`, body, headers: {} });
  t.like(result, { ok: false, status: 302 });
  t.regex(result.error ?? '', /redirect/);
  t.deepEqual(
    rx.received.map((request) => request.url),
    ['/start'],
  );
});

test('without allowPrivate a loopback URL is refused before any connection', async (t) => {
  const rx = await receiver(t, (_req, res) => res.writeHead(200).end());
  const strict = sender(t, { allowPrivate: false });
  for (const url of [rx.url, `https://127.0.0.1:${rx.port}/`, `https://[::ffff:7f00:1]:${rx.port}/`, `https://localhost:${rx.port}/`]) {
    const result = await strict.send({ url, body, headers: {} });
    t.like(result, { ok: false, status: null }, url);
    t.truthy(result.error, url);
  }
  t.is(rx.connections(), 0);
  t.is(rx.received.length, 0);
});

test('without allowPrivate a public-looking name that resolves to loopback is refused at connect time', async (t) => {
  const rx = await receiver(t, (_req, res) => res.writeHead(200).end());
  // DNS rebinding: the name passed the creation check, then resolves somewhere private.
  const rebinding = ((_hostname: string, _options: unknown, callback: (error: null, addresses: dns.LookupAddress[]) => void) =>
    callback(null, [{ address: '127.0.0.1', family: 4 }])) as unknown as typeof dns.lookup;
  const result = await sender(t, { allowPrivate: false, lookup: rebinding }).send({ url: `https://hooks.example.com:${rx.port}/`, body, headers: {} });
  t.like(result, { ok: false, status: null });
  t.regex(result.error ?? '', /non-public address 127\.0\.0\.1/);
  t.is(rx.connections(), 0);
});

test('responseTimeMs comes from the injected clock', async (t) => {
  // Time moves only when the receiver says so: 42.4 ms pass while it answers.
  let now = 1_000;
  const clock = { now: () => now };
  const rx = await receiver(t, (_req, res) => {
    now += 42.4;
    res.writeHead(200).end();
  });
  const result = await sender(t, { clock }).send({ url: rx.url, body, headers: {} });
  t.like(result, { ok: true, responseTimeMs: 42 });
});

test('consecutive sends to one receiver reuse a kept-alive connection', async (t) => {
  const rx = await receiver(t, (_req, res) => res.writeHead(200).end('x'.repeat(1000)));
  // One socket per origin, so a closed socket would show up as a second connection.
  const keepAlive = sender(t, { connections: 1 });
  for (let i = 0; i < 3; i += 1) t.like(await keepAlive.send({ url: rx.url, body, headers: {} }), { ok: true });
  t.is(rx.connections(), 1);
});

test('an aborted signal ends the attempt as a failure instead of throwing', async (t) => {
  const rx = await receiver(t, () => null);
  const controller = new AbortController();
  const pending = sender(t).send({ url: rx.url, body, headers: {}, signal: controller.signal });
  controller.abort(new Error('delivery stopped'));
  const result = await pending;
  t.like(result, { ok: false, status: null });
  t.truthy(result.error);
});

test('an invalid URL is a failed attempt, not a throw', async (t) => {
  const result = await sender(t).send({ url: 'not a url', body, headers: {} });
  t.like(result, { ok: false, status: null });
  t.truthy(result.error);
});
