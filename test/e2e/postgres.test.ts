import { createPostgresDatabase, postgresTest } from '../helpers/postgres.js';
import { startServer } from '../helpers/server.js';

postgresTest('the service runs on Postgres: keys, scopes, idempotency and revocation', async (t) => {
  const pg = await createPostgresDatabase();
  const server = await startServer({ CREWD_DATABASE_URL: pg.url });
  t.teardown(async () => {
    await server.close();
    await pg.drop();
  });
  t.is((await server.call('GET', '/readyz', { key: null })).status, 200);
  t.is((await server.call('GET', '/v1/crews')).body.crews.length, 3);
  const headers = { 'idempotency-key': 'pg-1' };
  const created = await server.call('POST', '/v1/api-keys', { body: { name: 'pg key', permissions: ['crews:read'] }, headers });
  t.is(created.status, 201);
  const replay = await server.call('POST', '/v1/api-keys', { body: { name: 'pg key', permissions: ['crews:read'] }, headers });
  t.deepEqual(replay.body, created.body);
  t.is((await server.call('GET', '/v1/api-keys', { key: created.body.secret })).status, 403);
  t.is((await server.call('DELETE', `/v1/api-keys/${created.body.key_id}`)).status, 200);
  t.is((await server.call('GET', '/v1/crews', { key: created.body.secret })).status, 401);
});
