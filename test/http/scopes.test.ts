import test from 'ava';
import { routeScopes, scopeKey } from '../../http/scopes.js';
import { startServer } from '../helpers/server.js';

test('every route on the router has an entry in the scope table, or (a plugin route) the scope its plugin declares', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const layers = server.runtime.router.stack;
  t.true(layers.length > 5);
  const declared = new Map(server.runtime.routes.filter((route) => route.scope).map((route) => [scopeKey(route.method, route.path), route.scope]));
  for (const layer of layers) {
    for (const method of layer.methods.filter((m) => m !== 'HEAD')) {
      const key = scopeKey(method, String(layer.path));
      t.truthy(routeScopes[key] ?? declared.get(key), `${method} ${String(layer.path)} lacks a scope`);
    }
  }
});

test('each key reaches exactly the routes its scopes allow', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const sample: Array<[string, string, string]> = [
    ['GET', '/v1/crews', 'crews:read'],
    ['GET', '/v1/api-keys', 'admin:read'],
    ['POST', '/v1/api-keys', 'admin:write'],
  ];
  for (const [method, path, scope] of sample) {
    const holder = await server.call('POST', '/v1/api-keys', { body: { name: `has ${scope}`, permissions: [scope] } });
    const other = await server.call('POST', '/v1/api-keys', { body: { name: `lacks ${scope}`, permissions: scope === 'crews:read' ? ['outcomes:read'] : ['crews:read'] } });
    const body = method === 'POST' ? { name: 'n', permissions: [scope] } : undefined;
    const allowed = await server.call(method, path, { key: holder.body.secret, body });
    t.true(allowed.status < 400, `${scope} allows ${method} ${path} (got ${allowed.status})`);
    const refused = await server.call(method, path, { key: other.body.secret, body });
    t.is(refused.status, 403);
    t.is(refused.body.error.details.required_permission, scope);
  }
});

test('auth/verify needs a valid key but no particular scope', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const key = await server.call('POST', '/v1/api-keys', { body: { name: 'narrow', permissions: ['integrations:read'] } });
  t.is((await server.call('GET', '/v1/auth/verify', { key: key.body.secret })).status, 200);
});
