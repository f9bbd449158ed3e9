import test, { type ExecutionContext } from 'ava';
import knex from 'knex';
import { openDb, type Db } from '../../storage/db.js';
import { migrateLatest } from '../../storage/migrate.js';

const adminUrl = process.env.CREWD_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const howToStart = 'start it with: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start (or set CREWD_TEST_POSTGRES_URL)';

/** Why Postgres cannot be used, or null when it answers. Checked once, when a test file loads this helper. */
async function probe(): Promise<string | null> {
  const admin = knex({ client: 'pg', connection: adminUrl, pool: { min: 0, max: 1 }, acquireConnectionTimeout: 3_000 });
  try {
    await admin.raw('select 1');
    return null;
  } catch (error) {
    return `no Postgres at ${adminUrl}: ${(error as Error).message}`;
  } finally {
    await admin.destroy();
  }
}

const unavailable = await probe();
if (unavailable !== null && process.env.CI) {
  // In CI a missing database is a failure of the run, never a quiet skip.
  throw new Error(`CI is set and ${unavailable}; ${howToStart}`);
}

/** Null when Postgres answers; otherwise why not (tests are then registered as skipped, visibly). */
export const postgresUnavailable: string | null = unavailable;

/**
 * Registers a test that needs Postgres. Without one it is registered with ava's `test.skip` (shown
 * as skipped in the summary, with the reason in its title) — decided here, at load, never by a
 * `t.pass()` inside the test. With CI set, a missing Postgres already failed the import above.
 */
export function postgresTest(title: string, body: (t: ExecutionContext) => Promise<void>): void {
  if (postgresUnavailable === null) test(title, body);
  else test.skip(`${title} (skipped: ${postgresUnavailable}; ${howToStart})`, body);
}

/**
 * Creates a fresh Postgres database for one test and returns its URL. Call it only from a test
 * registered with `postgresTest` (or after checking `postgresUnavailable`); it throws otherwise.
 */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  if (postgresUnavailable !== null) throw new Error(`${postgresUnavailable}; ${howToStart}`);
  const admin = knex({ client: 'pg', connection: adminUrl, pool: { min: 0, max: 1 }, acquireConnectionTimeout: 3_000 });
  const name = `crewd_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  try {
    await admin.raw(`CREATE DATABASE ${name}`);
  } catch (error) {
    await admin.destroy();
    throw error;
  }
  const url = adminUrl.replace(/\/[^/]*$/, `/${name}`);
  return {
    url,
    async drop() {
      await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.destroy();
    },
  };
}

/**
 * A fresh, migrated Postgres database for one test, opened as crewd opens it; closed and dropped
 * when the test ends. Only from a test registered with `postgresTest`.
 */
export async function migratedPostgres(t: ExecutionContext): Promise<Db> {
  const pg = await createPostgresDatabase();
  const db = openDb({ databaseUrl: pg.url, dataDir: '/nonexistent' });
  t.teardown(async () => {
    await db.destroy();
    await pg.drop();
  });
  await migrateLatest(db);
  return db;
}
