import test from 'ava';
import { openApiChecker } from '../helpers/openapi.js';
import { startServer } from '../helpers/server.js';

test('a key is created with its secret shown once, listed without it, renamed and revoked', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const check = openApiChecker((await server.call('GET', '/v1/openapi.json')).body);

  const created = await server.call('POST', '/v1/api-keys', { body: { name: 'ci deploys', permissions: ['crews:read', 'crews:write'] } });
  t.is(created.status, 201);
  check(t, 'POST', '/v1/api-keys', 201, created.body);
  t.regex(created.body.secret, /^crew_sk_[A-Za-z0-9]{40}$/);
  t.regex(created.body.key_id, /^key_/);
  t.true(created.body.secret.startsWith(created.body.prefix));
  t.is(created.body.last_used_at, null);

  await server.call('GET', '/v1/crews', { key: created.body.secret });
  const list = await server.call('GET', '/v1/api-keys');
  t.is(list.status, 200);
  check(t, 'GET', '/v1/api-keys', 200, list.body);
  t.false(JSON.stringify(list.body).includes(created.body.secret), 'a listing never shows a secret');
  const listed = list.body.api_keys.find((k: { key_id: string }) => k.key_id === created.body.key_id);
  t.is(listed.name, 'ci deploys');
  t.truthy(listed.last_used_at, 'last use is reported');

  const renamed = await server.call('PATCH', `/v1/api-keys/${created.body.key_id}`, { body: { name: 'release bot' } });
  t.is(renamed.status, 200);
  check(t, 'PATCH', '/v1/api-keys/{key_id}', 200, renamed.body);
  t.is(renamed.body.name, 'release bot');
  t.is((await server.call('GET', '/v1/crews', { key: created.body.secret })).status, 200, 'renaming keeps the key working');

  const revoked = await server.call('DELETE', `/v1/api-keys/${created.body.key_id}`);
  t.is(revoked.status, 200);
  check(t, 'DELETE', '/v1/api-keys/{key_id}', 200, revoked.body);
  t.is((await server.call('GET', '/v1/crews', { key: created.body.secret })).status, 401);
  const after = await server.call('GET', '/v1/api-keys');
  t.false(after.body.api_keys.some((k: { key_id: string }) => k.key_id === created.body.key_id));
  t.is((await server.call('DELETE', `/v1/api-keys/${created.body.key_id}`)).status, 404, 'revoking twice is 404');
});

test('the secret is never stored: only its hash and a display prefix are', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const created = await server.call('POST', '/v1/api-keys', { body: { name: 'x', permissions: ['crews:read'] } });
  const rows = await server.runtime.db('api_keys').select('*');
  t.false(JSON.stringify(rows).includes(created.body.secret));
  t.false(JSON.stringify(rows).includes(server.key));
});

test('last-used stamps reach the database in batches', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const created = await server.call('POST', '/v1/api-keys', { body: { name: 'x', permissions: ['crews:read'] } });
  await server.call('GET', '/v1/crews', { key: created.body.secret });
  await server.runtime.keys.flush();
  const row = await server.runtime.db('api_keys').where({ id: created.body.key_id }).first();
  t.truthy(row.last_used_at);
});

test('a key cannot grant permissions it does not hold', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const admin = await server.call('POST', '/v1/api-keys', { body: { name: 'key admin', permissions: ['admin:read', 'admin:write'] } });
  const res = await server.call('POST', '/v1/api-keys', { key: admin.body.secret, body: { name: 'escalate', permissions: ['crews:write'] } });
  t.is(res.status, 403);
  t.is(res.body.error.details.required_permission, 'crews:write');
});

test('bad key bodies are 400 invalid_request naming the field', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const cases: Array<[unknown, string]> = [
    [{ permissions: ['crews:read'] }, 'name'],
    [{ name: 'x' }, 'permissions'],
    [{ name: 'x', permissions: ['crews:fly'] }, 'permissions.0'],
    [{ name: 'x', permissions: [] }, 'permissions'],
    [{ name: 'x', permissions: ['crews:read'], colour: 'red' }, 'colour'],
    [{ name: 'x', permissions: ['crews:read'], expires_at: 'tomorrow' }, 'expires_at'],
    [{ name: 'x', permissions: ['crews:read'], expires_at: '2000-01-01T00:00:00Z' }, 'expires_at'],
    [{ name: '', permissions: ['crews:read'] }, 'name'],
  ];
  for (const [body, field] of cases) {
    const res = await server.call('POST', '/v1/api-keys', { body });
    t.is(res.status, 400, JSON.stringify(body));
    t.is(res.body.error.code, 'invalid_request');
    t.is(res.body.error.details.field, field, JSON.stringify(body));
  }
});

test("another workspace's key id is 404", async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const other = await server.runtime.workspaces.create({ name: 'other', plan: 'starter' });
  const { row } = await server.runtime.keys.create({ workspaceId: other.id, name: 'theirs', permissions: ['admin:write'] });
  t.is((await server.call('PATCH', `/v1/api-keys/${row.id}`, { body: { name: 'mine now' } })).status, 404);
  t.is((await server.call('DELETE', `/v1/api-keys/${row.id}`)).status, 404);
});
