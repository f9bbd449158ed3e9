import net from 'node:net';
import test from 'ava';
import { startServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
test.before(async () => {
  server = await startServer({ CREWD_REQUEST_TIMEOUT_MS: '2000', CREWD_HEADERS_TIMEOUT_MS: '1000' });
});
test.after.always(async () => {
  await server?.close();
});

/** Sends raw bytes (optionally more later) and reads the whole answer until the server closes. */
function raw(request: string, trickle?: (socket: net.Socket) => void): Promise<{ status: number; body: any; text: string }> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname, () => {
      socket.write(request);
      trickle?.(socket);
    });
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('error', reject);
    socket.on('close', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      const bodyText = text.split('\r\n\r\n').slice(1).join('\r\n\r\n');
      let body: any;
      try {
        body = JSON.parse(bodyText);
      } catch {
        body = undefined;
      }
      resolve({ status, body, text });
    });
  });
}

function isErrorShape(t: import('ava').ExecutionContext, body: any) {
  t.is(typeof body?.error?.code, 'string');
  t.is(typeof body?.error?.message, 'string');
  t.is(typeof body?.error?.details, 'object');
}

test('two Content-Length headers get 400 in the error shape', async (t) => {
  const res = await raw('POST /v1/crews/writer/deploy HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}');
  t.is(res.status, 400);
  isErrorShape(t, res.body);
  t.is(res.body.error.code, 'invalid_request');
});

test('bad chunked encoding gets 400 in the error shape', async (t) => {
  const res = await raw('POST /v1/crews/writer/deploy HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n');
  t.is(res.status, 400);
  isErrorShape(t, res.body);
});

test('headers over the limit get 431 in the error shape', async (t) => {
  const res = await raw(`GET /v1/crews HTTP/1.1\r\nHost: x\r\nX-Huge: ${'a'.repeat(32 * 1024)}\r\n\r\n`);
  t.is(res.status, 431);
  isErrorShape(t, res.body);
  t.is(res.body.error.code, 'request_header_fields_too_large');
});

test('a body trickling slower than the request timeout is cut with 408 in the error shape', async (t) => {
  let timer: NodeJS.Timeout | undefined;
  const res = await raw(
    `POST /v1/crews/writer/deploy HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${server.key}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`,
    (socket) => {
      // One byte every 500 ms: each arrives well within any idle timeout, the whole never in time.
      timer = setInterval(() => (socket.writable ? socket.write(' ') : clearInterval(timer)), 500);
    },
  );
  clearInterval(timer);
  t.is(res.status, 408);
  isErrorShape(t, res.body);
  t.is(res.body.error.code, 'request_timeout');
});
