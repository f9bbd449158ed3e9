import http from 'node:http';
import test from 'ava';
import { startServer } from '../helpers/server.js';

test('malformed JSON is 400 invalid_json', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const res = await server.call('POST', '/v1/api-keys', { body: '{"name": "x",' });
  t.is(res.status, 400);
  t.is(res.body.error.code, 'invalid_json');
  t.deepEqual(Object.keys(res.body.error).sort(), ['code', 'details', 'message']);
});

test('a body over 1 MB is 413 payload_too_large', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const big = JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10), permissions: ['crews:read'] });
  const res = await server.call('POST', '/v1/api-keys', { body: big });
  t.is(res.status, 413);
  t.is(res.body.error.code, 'payload_too_large');
});

test('a body that is not JSON is 415 unsupported_media_type', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const res = await server.call('POST', '/v1/api-keys', { body: 'name=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  t.is(res.status, 415);
  t.is(res.body.error.code, 'unsupported_media_type');
});

test('a JSON body that is not an object is 400 invalid_request', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const res = await server.call('POST', '/v1/api-keys', { body: '[1,2]' });
  t.is(res.status, 400);
  t.is(res.body.error.code, 'invalid_request');
});

test('an unknown route is 404 not_found and a wrong method 405 with Allow', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const missing = await server.call('GET', '/v1/unicorns');
  t.is(missing.status, 404);
  t.is(missing.body.error.code, 'not_found');
  const wrong = await server.call('DELETE', '/v1/crews');
  t.is(wrong.status, 405);
  t.is(wrong.body.error.code, 'method_not_allowed');
  t.regex(wrong.headers.get('allow') ?? '', /GET/);
});

test('an unexpected failure is 500 internal_error with a request id and no internals', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  // Break the database under a running server: the key check is cached, the key listing is not.
  await server.call('GET', '/v1/api-keys');
  await server.runtime.db.schema.renameTable('api_keys', 'api_keys_moved');
  const res = await server.call('GET', '/v1/api-keys');
  t.is(res.status, 500);
  t.is(res.body.error.code, 'internal_error');
  t.is(res.body.error.details.request_id, res.headers.get('x-request-id'));
  t.notRegex(JSON.stringify(res.body), /api_keys|sqlite|SQLITE|select/i);
  await server.runtime.db.schema.renameTable('api_keys_moved', 'api_keys');
});

test('every response has an X-Request-Id', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const a = await server.call('GET', '/v1/crews');
  const b = await server.call('GET', '/v1/crews', { key: null });
  t.regex(a.headers.get('x-request-id') ?? '', /^req_/);
  t.not(a.headers.get('x-request-id'), b.headers.get('x-request-id'));
});

test('a request that ends before its body arrives does not crash the server', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const url = new URL(server.url);
  await new Promise<void>((resolve) => {
    const req = http.request({ host: url.hostname, port: url.port, method: 'POST', path: '/v1/api-keys', headers: { authorization: `Bearer ${server.key}`, 'content-type': 'application/json', 'content-length': '1000' } });
    req.on('error', () => resolve());
    // Hang up once the server holds the request (its body half read), not after a guessed delay.
    server.runtime.server!.once('request', () => {
      req.destroy();
      resolve();
    });
    req.write('{"name":');
  });
  t.is((await server.call('GET', '/v1/crews')).status, 200);
});
