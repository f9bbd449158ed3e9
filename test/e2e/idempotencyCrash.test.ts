import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import test, { type ExecutionContext } from 'ava';
import knex from 'knex';
import { createPostgresDatabase, postgresTest } from '../helpers/postgres.js';
import { serveProcess, stopProcess } from '../helpers/processes.js';
import { tempDir } from '../helpers/server.js';
import { crewdArgs } from '../helpers/compiledTree.js';

const key = 'crew_sk_idempotencycrash0123456789';

async function post(url: string, urlPath: string, body: unknown, idempotencyKey: string) {
  const res = await fetch(url + urlPath, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any, replayed: res.headers.get('idempotent-replayed') };
}

/** What each creation stored: `where` narrows a table others write too (the batch's outcome is an outcome). */
const creations: Array<{ name: string; path: string; body: unknown; table: string; where?: Record<string, unknown>; id: (b: any) => string }> = [
  { name: 'a deploy', path: '/v1/crews/writer/deploy', body: { brief: 'Write a note about crash-safe idempotency keys' }, table: 'outcomes', where: { workflow_id: null }, id: (b: any) => b.outcome_id },
  { name: 'a batch deploy', path: '/v1/crews/batch-deploy', body: { workflow_name: 'crash batch', crews: [{ crew_id: 'writer', brief: 'Write about crash-safe batches' }] }, table: 'workflows', id: (b: any) => b.workflow_id },
  { name: 'an API key', path: '/v1/api-keys', body: { name: 'made once', permissions: ['crews:read'] }, table: 'api_keys', id: (b: any) => b.key_id },
  { name: 'a webhook', path: '/v1/webhooks', body: { url: 'https://hooks.example.com/crewd', events: ['outcome.completed'], secret: 'whsec_crash_idempotency_0123' }, table: 'webhooks', id: (b: any) => b.id },
];

const run = promisify(execFile);

/**
 * The server is killed (SIGKILL, by the test-only fault hook) once every creation committed, each
 * before its answer went out: one kill leaves all four keys at that moment. The client retries
 * each with the same key on one restarted server.
 */
async function scenario(t: ExecutionContext, databaseUrl?: string): Promise<void> {
  t.timeout(400_000);
  const dataDir = tempDir('crewd-idem-crash-');
  const base = { ...(databaseUrl ? { CREWD_DATABASE_URL: databaseUrl } : {}), CREWD_DATA_DIR: dataDir, CREWD_BOOTSTRAP_KEY: key, CREWD_LOG_LEVEL: 'silent', CREWD_LOCAL_MODEL_DELAY_MS: '50' };
  const db = databaseUrl ? knex({ client: 'pg', connection: databaseUrl }) : knex({ client: 'sqlite3', connection: { filename: path.join(dataDir, 'crewd.sqlite') }, useNullAsDefault: true });
  let current: Awaited<ReturnType<typeof serveProcess>> | undefined;
  t.teardown(async () => {
    if (current) await stopProcess(current.child, 'SIGKILL');
    await db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  // The workspace the first start's key joins, made beforehand as an operator would, with 100
  // credits so that a second run of a deploy would show.
  await run(process.execPath, await crewdArgs(['workspaces', 'create', '--name', 'default', '--plan', 'enterprise', '--credits', '100']), { env: { ...process.env, ...base } });

  current = await serveProcess({ ...base, CREWD_TEST_CRASH_AFTER_CREATE: String(creations.length) });
  const exited = new Promise((resolve) => current!.child.once('exit', resolve));
  const crashing = current;
  // An answer means that creation did not commit: the kill would never come, so the test ends it.
  const answered = (answer: Awaited<ReturnType<typeof post>>) => stopProcess(crashing.child, 'SIGKILL').then(() => answer);
  const cuts = await Promise.all(creations.map((creation, i) => post(crashing.url, creation.path, creation.body, `crash-${i}`).then(answered, (error: Error) => error)));
  for (const [i, creation] of creations.entries()) t.true(cuts[i] instanceof Error, `${creation.name}: the client saw the connection drop (${JSON.stringify(cuts[i])})`);
  await exited;

  const started = Date.now();
  current = await serveProcess({ ...base });
  const retries: unknown[] = [];
  for (const [i, creation] of creations.entries()) {
    const retry = await post(current.url, creation.path, creation.body, `crash-${i}`);
    t.is(retry.status, 201, `${creation.name}: ${JSON.stringify(retry.body)}`);
    t.is(retry.replayed, 'true', `${creation.name}: the retry replays the answer of the committed creation`);
    const again = await post(current.url, creation.path, creation.body, `crash-${i}`);
    t.deepEqual(again.body, retry.body, `${creation.name}: later repeats replay the same answer`);
    retries.push(retry.body);
  }
  t.true(Date.now() - started < 60_000);
  await stopProcess(current.child);
  current = undefined;

  for (const [i, creation] of creations.entries()) {
    const rows = await db(creation.table).where(creation.where ?? {}).select('id');
    const created = creation.table === 'api_keys' ? rows.length - 1 : rows.length; // besides the bootstrap key
    t.is(created, 1, `${creation.name}: created once`);
    t.true(rows.some((row: { id: string }) => row.id === creation.id(retries[i])), `${creation.name}: the answer names the stored resource`);
  }
  // One credit per outcome created (the deploy's and the batch's), none for the retries.
  const workspace = await db('workspaces').where({ name: 'default' }).first('credits_remaining');
  t.is(Number(workspace.credits_remaining), 98);
}

test('a creation whose server was killed before it answered is replayed, not repeated, on retry (SQLite)', (t) => scenario(t));
postgresTest('a creation whose server was killed before it answered is replayed, not repeated, on retry (Postgres)', async (t) => {
  const pg = await createPostgresDatabase();
  t.teardown(() => pg.drop());
  await scenario(t, pg.url);
});
