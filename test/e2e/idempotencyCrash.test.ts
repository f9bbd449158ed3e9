import fs from 'node:fs';
import path from 'node:path';
import test, { type ExecutionContext } from 'ava';
import knex from 'knex';
import { createPostgresDatabase, postgresTest } from '../helpers/postgres.js';
import { freePort, serveProcess, stopProcess } from '../helpers/processes.js';
import { tempDir } from '../helpers/server.js';

const key = 'crew_sk_idempotencycrash0123456789';

async function post(url: string, urlPath: string, body: unknown, idempotencyKey: string) {
  const res = await fetch(url + urlPath, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any, replayed: res.headers.get('idempotent-replayed') };
}

const creations = [
  { name: 'a deploy', path: '/v1/crews/writer/deploy', body: { brief: 'Write a note about crash-safe idempotency keys' }, table: 'outcomes', id: (b: any) => b.outcome_id },
  { name: 'a batch deploy', path: '/v1/crews/batch-deploy', body: { workflow_name: 'crash batch', crews: [{ crew_id: 'writer', brief: 'Write about crash-safe batches' }] }, table: 'workflows', id: (b: any) => b.workflow_id },
  { name: 'an API key', path: '/v1/api-keys', body: { name: 'made once', permissions: ['crews:read'] }, table: 'api_keys', id: (b: any) => b.key_id },
  { name: 'a webhook', path: '/v1/webhooks', body: { url: 'https://hooks.example.com/crewd', events: ['outcome.completed'], secret: 'whsec_crash_idempotency_0123' }, table: 'webhooks', id: (b: any) => b.id },
];

/**
 * The server is killed (SIGKILL, by the test-only fault hook) after each creation committed and
 * before its answer went out; the client retries with the same key on a restarted server.
 */
async function scenario(t: ExecutionContext, databaseUrl?: string): Promise<void> {
  t.timeout(400_000); // nine server starts
  const dataDir = tempDir('crewd-idem-crash-');
  const base = { ...(databaseUrl ? { CREWD_DATABASE_URL: databaseUrl } : {}), CREWD_DATA_DIR: dataDir, CREWD_BOOTSTRAP_KEY: key, CREWD_LOG_LEVEL: 'silent', CREWD_LOCAL_MODEL_DELAY_MS: '50' };
  const db = databaseUrl ? knex({ client: 'pg', connection: databaseUrl }) : null;
  let current: Awaited<ReturnType<typeof serveProcess>> | undefined;
  t.teardown(async () => {
    if (current) await stopProcess(current.child, 'SIGKILL');
    await db?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const open = () => db ?? knex({ client: 'sqlite3', connection: { filename: path.join(dataDir, 'crewd.sqlite') }, useNullAsDefault: true });
  // A first start creates the workspace; it gets 100 credits so that a second run would show.
  current = await serveProcess({ ...base, PORT: String(await freePort()) });
  await stopProcess(current.child);
  const setup = open();
  await setup('workspaces').update({ credits_remaining: 100 });
  if (!db) await setup.destroy();
  let credits = 100;
  for (const [i, creation] of creations.entries()) {
    current = await serveProcess({ ...base, PORT: String(await freePort()), CREWD_TEST_CRASH_AFTER_CREATE: '1' });
    const exited = new Promise((resolve) => current!.child.once('exit', resolve));
    const cut = await post(current.url, creation.path, creation.body, `crash-${i}`).catch((error: Error) => error);
    t.true(cut instanceof Error, `${creation.name}: the client saw the connection drop`);
    await exited;

    const started = Date.now();
    current = await serveProcess({ ...base, PORT: String(await freePort()) });
    const retry = await post(current.url, creation.path, creation.body, `crash-${i}`);
    t.is(retry.status, 201, `${creation.name}: ${JSON.stringify(retry.body)}`);
    t.is(retry.replayed, 'true', `${creation.name}: the retry replays the answer of the committed creation`);
    t.true(Date.now() - started < 60_000);
    const again = await post(current.url, creation.path, creation.body, `crash-${i}`);
    t.deepEqual(again.body, retry.body, `${creation.name}: later repeats replay the same answer`);
    await stopProcess(current.child);
    current = undefined;

    const check = open();
    const rows = await check(creation.table).select('id');
    const created = creation.table === 'api_keys' ? rows.length - 1 : rows.length; // besides the bootstrap key
    t.is(created, 1, `${creation.name}: created once`);
    t.true(rows.some((row: { id: string }) => row.id === creation.id(retry.body)), `${creation.name}: the answer names the stored resource`);
    if (creation.table === 'outcomes' || creation.table === 'workflows') credits -= 1;
    const workspace = await check('workspaces').first('credits_remaining');
    t.is(Number(workspace.credits_remaining), credits, `${creation.name}: one credit per outcome created`);
    if (!db) await check.destroy();
  }
}

test('a creation whose server was killed before it answered is replayed, not repeated, on retry (SQLite)', (t) => scenario(t));
postgresTest('a creation whose server was killed before it answered is replayed, not repeated, on retry (Postgres)', async (t) => {
  const pg = await createPostgresDatabase();
  t.teardown(() => pg.drop());
  await scenario(t, pg.url);
});
