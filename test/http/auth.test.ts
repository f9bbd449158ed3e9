import test from 'ava';
import { manualClock } from '../../runtime/clock.js';
import { startServer } from '../helpers/server.js';

test('a request without an Authorization header gets 401 unauthorized', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const res = await server.call('GET', '/v1/crews', { key: null });
  t.is(res.status, 401);
  t.is(res.body.error.code, 'unauthorized');
  t.is(res.body.error.details.reason, 'missing_authorization_header');
});

test('a header without the Bearer prefix gets 401', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const res = await server.call('GET', '/v1/crews', { key: null, headers: { authorization: server.key } });
  t.is(res.status, 401);
  t.is(res.body.error.code, 'unauthorized');
  t.is(res.body.error.details.reason, 'invalid_authorization_header');
  const basic = await server.call('GET', '/v1/crews', { key: null, headers: { authorization: `Basic ${server.key}` } });
  t.is(basic.status, 401);
});

test('an unknown key gets 401 with reason api_key_invalid', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const res = await server.call('GET', '/v1/crews', { key: 'crew_sk_notarealkeyatall000000000' });
  t.is(res.status, 401);
  t.deepEqual(res.body.error.details, { reason: 'api_key_invalid' });
  t.is(typeof res.body.error.message, 'string');
});

test('a revoked key gets 401 at once', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const created = await server.call('POST', '/v1/api-keys', { body: { name: 'temp', permissions: ['crews:read'] } });
  t.is(created.status, 201);
  t.is((await server.call('GET', '/v1/crews', { key: created.body.secret })).status, 200);
  const revoked = await server.call('DELETE', `/v1/api-keys/${created.body.key_id}`);
  t.deepEqual(revoked.body, { key_id: created.body.key_id, revoked: true });
  const after = await server.call('GET', '/v1/crews', { key: created.body.secret });
  t.is(after.status, 401);
  t.is(after.body.error.details.reason, 'api_key_revoked');
});

test('an expired key gets 401 with reason api_key_expired', async (t) => {
  const clock = manualClock(new Date());
  const server = await startServer({}, { clock });
  t.teardown(() => server.close());
  const expiresAt = new Date(clock.now().getTime() + 60_000).toISOString();
  const created = await server.call('POST', '/v1/api-keys', { body: { name: 'short-lived', permissions: ['crews:read'], expires_at: expiresAt } });
  t.is(created.status, 201);
  t.is(created.body.expires_at, expiresAt);
  t.is((await server.call('GET', '/v1/crews', { key: created.body.secret })).status, 200);
  clock.advance(61_000);
  const after = await server.call('GET', '/v1/crews', { key: created.body.secret });
  t.is(after.status, 401);
  t.is(after.body.error.details.reason, 'api_key_expired');
});

test('a key without the needed scope gets 403 naming required and provided permissions', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const created = await server.call('POST', '/v1/api-keys', { body: { name: 'reader', permissions: ['crews:read', 'outcomes:read'] } });
  const res = await server.call('GET', '/v1/api-keys', { key: created.body.secret });
  t.is(res.status, 403);
  t.is(res.body.error.code, 'forbidden');
  t.deepEqual(res.body.error.details, { required_permission: 'admin:read', provided_permissions: ['crews:read', 'outcomes:read'] });
});

test('auth/verify reports the key, its workspace, scopes and rate-limit state', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const created = await server.call('POST', '/v1/api-keys', { body: { name: 'any', permissions: ['outcomes:read'] } });
  const res = await server.call('GET', '/v1/auth/verify', { key: created.body.secret });
  t.is(res.status, 200);
  t.is(res.body.valid, true);
  t.is(res.body.key_id, created.body.key_id);
  t.is(res.body.workspace_id, server.workspaceId);
  t.deepEqual(res.body.permissions, ['outcomes:read']);
  t.is(res.body.rate_limit.limit, 10_000);
  t.true(Number.isInteger(res.body.rate_limit.remaining));
  t.true(res.body.rate_limit.reset > Date.now() / 1000 - 1);
});
