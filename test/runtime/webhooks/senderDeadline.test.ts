import { performance } from 'node:perf_hooks';
import test from 'ava';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createWebhookSender } from '../../../runtime/webhooks/sender.js';

async function trickler(t: { teardown(fn: () => Promise<void>): void }, answer: (res: http.ServerResponse) => void) {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => answer(res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

test('a receiver that trickles its headers past the timeout is cut off at the deadline', async (t) => {
  // A header line every 40 ms keeps the socket busy; the answer never completes.
  const url = await trickler(t, (res) => {
    const socket = res.socket!;
    socket.write('HTTP/1.1 200 OK\r\n');
    const timer = setInterval(() => socket.write('x-slow: 1\r\n'), 40);
    socket.on('close', () => clearInterval(timer));
  });
  const sender = createWebhookSender({ clock: performance, timeoutMs: 300, allowPrivate: true });
  t.teardown(() => sender.close());
  const started = performance.now();
  const result = await sender.send({ url, body: '{}', headers: {} });
  t.like(result, { ok: false, status: null });
  t.regex(result.error ?? '', /no answer within 300 ms/);
  t.true(performance.now() - started < 1_500);
});

test('an answer whose body trickles counts by its status once the deadline cuts the drain', async (t) => {
  const url = await trickler(t, (res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    const timer = setInterval(() => res.write('.'), 40);
    res.on('close', () => clearInterval(timer));
  });
  // Long enough for the status line to arrive on a busy machine; the body never ends.
  const sender = createWebhookSender({ clock: performance, timeoutMs: 1_500, allowPrivate: true });
  t.teardown(() => sender.close());
  const started = performance.now();
  const result = await sender.send({ url, body: '{}', headers: {} });
  t.like(result, { ok: true, status: 200 });
  t.true(performance.now() - started < 4_000);
});

test('many attempts in flight each end by their own deadline', async (t) => {
  const url = await trickler(t, () => undefined);
  const sender = createWebhookSender({ clock: performance, timeoutMs: 200, allowPrivate: true, connections: 8 });
  t.teardown(() => sender.close());
  const results = await Promise.all(Array.from({ length: 8 }, () => sender.send({ url, body: '{}', headers: {} })));
  t.true(results.every((result) => !result.ok && /no answer within 200 ms/.test(result.error ?? '')));
});
