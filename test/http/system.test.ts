import http from 'node:http';
import test from 'ava';
import { openApiChecker } from '../helpers/openapi.js';
import { until } from '../helpers/until.js';
import { startServer } from '../helpers/server.js';

test('health and readiness answer without a key', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const health = await server.call('GET', '/healthz', { key: null });
  t.is(health.status, 200);
  t.deepEqual(health.body, { status: 'ok' });
  const ready = await server.call('GET', '/readyz', { key: null });
  t.is(ready.status, 200);
  t.is(ready.body.status, 'ready');
});

test('readiness reports 503 when the database does not answer', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  await server.runtime.db.schema.renameTable('crewd_migrations', 'crewd_migrations_moved');
  const ready = await server.call('GET', '/readyz', { key: null });
  t.is(ready.status, 503);
  t.is(ready.body.status, 'unavailable');
  await server.runtime.db.schema.renameTable('crewd_migrations_moved', 'crewd_migrations');
});

test('the OpenAPI document lists every route with its scope and validates its own answers', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const res = await server.call('GET', '/v1/openapi.json', { key: null });
  t.is(res.status, 200);
  t.is(res.body.openapi, '3.1.0');
  const check = openApiChecker(res.body);
  check(t, 'GET', '/v1/openapi.json', 200, res.body);
  for (const route of server.runtime.routes) {
    const path = route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    t.truthy(res.body.paths[path]?.[route.method], `${route.method} ${path} is documented`);
  }
  t.is(res.body.paths['/v1/api-keys'].post['x-required-scope'], 'admin:write');
  const verify = await server.call('GET', '/v1/auth/verify');
  check(t, 'GET', '/v1/auth/verify', 200, verify.body);
  const unauthorized = await server.call('GET', '/v1/crews', { key: null });
  check(t, 'GET', '/v1/crews', 401, unauthorized.body);
});

test('shutdown lets an in-flight request finish, then refuses new connections', async (t) => {
  const server = await startServer();
  const url = new URL(server.url);
  // Hold a request open by sending its body slowly, start closing, then finish the body.
  const response = new Promise<number>((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, method: 'POST', path: '/v1/api-keys', headers: { authorization: `Bearer ${server.key}`, 'content-type': 'application/json', 'content-length': '44' } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    // Start closing only once the server holds the request, so the test does not depend on timing.
    server.runtime.server!.once('request', () => {
      closing = server.close();
      // The rest of the body goes once the server has stopped listening.
      void until(() => !server.runtime.server!.listening, 'the server to stop listening').then(() => req.end('"permissions":["crews:read"]}'));
    });
    req.write('{"name":"late",');
  });
  let closing: Promise<void> | undefined;
  t.is(await response, 201);
  await closing;
  await t.throwsAsync(fetch(`${server.url}/healthz`));
});
