import test from 'ava';
import { startServer } from '../helpers/server.js';

test('a repeated creating POST with the same Idempotency-Key creates once and replays the answer', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const body = { name: 'deploy bot', permissions: ['crews:read'] };
  const headers = { 'idempotency-key': 'create-deploy-bot-1' };
  const first = await server.call('POST', '/v1/api-keys', { body, headers });
  const second = await server.call('POST', '/v1/api-keys', { body, headers });
  t.is(first.status, 201);
  t.is(second.status, 201);
  t.deepEqual(second.body, first.body);
  t.is(second.headers.get('idempotent-replayed'), 'true');
  const list = await server.call('GET', '/v1/api-keys');
  t.is(list.body.api_keys.filter((k: { name: string }) => k.name === 'deploy bot').length, 1);
});

test('the same Idempotency-Key with a different body is 409 idempotency_conflict', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const headers = { 'idempotency-key': 'k-1' };
  t.is((await server.call('POST', '/v1/api-keys', { body: { name: 'a', permissions: ['crews:read'] }, headers })).status, 201);
  const other = await server.call('POST', '/v1/api-keys', { body: { name: 'b', permissions: ['crews:read'] }, headers });
  t.is(other.status, 409);
  t.is(other.body.error.code, 'idempotency_conflict');
});

test('a failed request does not use up its Idempotency-Key', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const headers = { 'idempotency-key': 'k-2' };
  t.is((await server.call('POST', '/v1/api-keys', { body: { name: 'a', permissions: ['crews:fly'] }, headers })).status, 400);
  t.is((await server.call('POST', '/v1/api-keys', { body: { name: 'a', permissions: ['crews:read'] }, headers })).status, 201);
});

test('keys are scoped to the workspace', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const other = await server.runtime.workspaces.create({ name: 'other', plan: 'enterprise' });
  const { secret } = await server.runtime.keys.create({ workspaceId: other.id, name: 'admin', permissions: ['admin:write'] });
  const headers = { 'idempotency-key': 'shared' };
  const mine = await server.call('POST', '/v1/api-keys', { body: { name: 'a', permissions: ['admin:write'] }, headers });
  const theirs = await server.call('POST', '/v1/api-keys', { key: secret, body: { name: 'a', permissions: ['admin:write'] }, headers });
  t.is(theirs.status, 201);
  t.not(theirs.body.key_id, mine.body.key_id);
});
