import fs from 'node:fs';
import test from 'ava';
import knex from 'knex';
import { openDb } from '../../storage/db.js';
import { createRepositories } from '../../storage/index.js';
import { createPostgresDatabase, postgresTest } from '../helpers/postgres.js';
import { serveProcess, stopProcess } from '../helpers/processes.js';
import { startServer, tempDir } from '../helpers/server.js';
import { until } from '../helpers/until.js';

const bootstrapKey = 'crew_sk_crashtestcrashtest0000';

async function post(url: string, key: string, body: unknown, idempotencyKey: string) {
  const res = await fetch(`${url}/v1/api-keys`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

postgresTest('an Idempotency-Key whose server was killed mid-request is released, and the client retry runs on Postgres', async (t) => {
  const pg = await createPostgresDatabase();
  const env = { CREWD_DATABASE_URL: pg.url, CREWD_BOOTSTRAP_KEY: bootstrapKey, CREWD_IDEMPOTENCY_LEASE_MS: '1000' };
  const first = await serveProcess({ ...env });
  const db = knex({ client: 'pg', connection: pg.url, pool: { min: 1, max: 1 } });
  const lockDb = knex({ client: 'pg', connection: pg.url, pool: { min: 0, max: 1 } });
  t.teardown(async () => {
    await stopProcess(first.child, 'SIGKILL');
    await db.destroy();
    await lockDb.destroy();
    await pg.drop();
  });
  // Warm the server's key cache, then block key inserts so the request stops half way.
  t.is((await fetch(`${first.url}/v1/crews`, { headers: { authorization: `Bearer ${bootstrapKey}` } })).status, 200);
  const lock = await lockDb.transaction();
  await lock.raw('LOCK TABLE api_keys IN SHARE MODE');
  const keep = [Number((await lock.raw('select pg_backend_pid() as pid')).rows[0].pid), Number((await db.raw('select pg_backend_pid() as pid')).rows[0].pid)];
  const body = { name: 'made once', permissions: ['crews:read'] };
  const cut = post(first.url, bootstrapKey, body, 'crash-key-1').catch((error: Error) => error);
  await until(async () => (await db('idempotency_keys').where({ key: 'crash-key-1' })).length > 0, 'the request to claim its key');
  await stopProcess(first.child, 'SIGKILL'); // the process dies with the request in flight
  // Postgres notices a dead client only when it next talks to it; end the dead process's sessions
  // as client_connection_check_interval would, so its blocked insert never runs.
  await db.raw('select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> all(?)', [keep]);
  await lock.rollback();
  t.true((await cut) instanceof Error, 'the client saw the connection drop');

  const second = await serveProcess({ ...env });
  t.teardown(() => stopProcess(second.child));
  // The client retries as told (409 in_progress means "retry shortly") until its request runs.
  const answer = await until(async () => {
    const res = await post(second.url, bootstrapKey, body, 'crash-key-1');
    if (res.status === 409) {
      t.true(res.body.error.details.in_progress);
      return undefined;
    }
    return res;
  }, 'the retry to run', { everyMs: 200 });
  t.is(answer.status, 201);
  t.is(answer.body.name, 'made once');
  const replay = await post(second.url, bootstrapKey, body, 'crash-key-1');
  t.deepEqual(replay.body, answer.body, 'later repeats replay the answer');
  t.is((await db('api_keys').where({ name: 'made once' })).length, 1);
});

test('on SQLite a restarted server frees the Idempotency-Keys of requests its crashed predecessor left running', async (t) => {
  const dataDir = tempDir();
  t.teardown(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  // What a process killed after claiming a key leaves: an unanswered record with a live-looking lease.
  const first = await startServer({ CREWD_DATA_DIR: dataDir, CREWD_BOOTSTRAP_KEY: bootstrapKey });
  const workspaceId = first.workspaceId;
  await first.close();
  const db = openDb({ dataDir });
  await createRepositories(db).idempotency.claim({
    workspace_id: workspaceId,
    key: 'cut-by-crash',
    fingerprint: 'unknown',
    status: null,
    response: null,
    created_at: new Date().toISOString(),
    expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    owner: 'node_dead',
    lease_until: new Date(Date.now() + 3_600_000).toISOString(),
  });
  await db.destroy();

  const server = await startServer({ CREWD_DATA_DIR: dataDir, CREWD_BOOTSTRAP_KEY: bootstrapKey });
  t.teardown(() => server.close());
  const retry = await post(server.url, bootstrapKey, { name: 'after the crash', permissions: ['crews:read'] }, 'cut-by-crash');
  t.is(retry.status, 201);
});

test('a replayed answer carrying a new key secret is the same body, while the stored copy is encrypted', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const body = { name: 'secret holder', permissions: ['crews:read'] };
  const first = await post(server.url, server.key, body, 'secret-1');
  const again = await post(server.url, server.key, body, 'secret-1');
  t.is(first.status, 201);
  t.deepEqual(again.body, first.body);
  const row = await server.runtime.repos.idempotency.get(server.workspaceId, 'secret-1');
  t.true(row!.response!.startsWith('v1.'));
  t.false(row!.response!.includes(first.body.secret), 'the secret is not stored in clear');
});
