import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import test, { type ExecutionContext } from 'ava';
import knex, { type Knex } from 'knex';
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
 * The name of the migrated template database for this tree's migrations: a hash of every file of
 * storage/migrations, so a branch that adds a migration gets its own template and two worktrees
 * sharing one Postgres never clone each other's schema.
 */
function templateName(): string {
  const dir = path.resolve(import.meta.dirname, '../../storage/migrations');
  const hash = createHash('sha256');
  for (const file of fs.readdirSync(dir).sort()) hash.update(file).update(fs.readFileSync(path.join(dir, file)));
  return `crewd_template_${hash.digest('hex').slice(0, 16)}`;
}

let template: Promise<string> | undefined;

/**
 * Makes sure the migrated template exists, once per worker. Cloning it (`CREATE DATABASE ...
 * TEMPLATE`) takes about a tenth of what migrating a fresh database takes, and the suite starts a
 * few hundred Postgres servers. Concurrent test files serialise on an advisory lock; the template is
 * migrated under a scratch name and renamed when complete, so a killed run never leaves a half one.
 */
async function migratedTemplate(admin: Knex): Promise<string> {
  template ??= (async () => {
    const name = templateName();
    const exists = async () => (await admin('pg_database').where({ datname: name }).first()) !== undefined;
    if (await exists()) return name;
    const lock = await admin.client.acquireConnection();
    try {
      await admin.raw('SELECT pg_advisory_lock(hashtext(?))', [name]).connection(lock);
      if (await exists()) return name;
      const scratch = `${name}_${process.pid}`;
      await admin.raw(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`).connection(lock);
      await admin.raw(`CREATE DATABASE ${scratch}`).connection(lock);
      const db = openDb({ databaseUrl: adminUrl.replace(/\/[^/]*$/, `/${scratch}`), dataDir: '/nonexistent' });
      try {
        await migrateLatest(db);
      } finally {
        await db.destroy();
      }
      await admin.raw(`ALTER DATABASE ${scratch} RENAME TO ${name}`).connection(lock);
      return name;
    } finally {
      await admin.raw('SELECT pg_advisory_unlock(hashtext(?))', [name]).connection(lock).catch(() => undefined);
      await admin.client.releaseConnection(lock);
    }
  })();
  // A failure (Postgres restarted mid-way) is not remembered: the next test tries again.
  return template.catch((error: unknown) => {
    template = undefined;
    throw error;
  });
}

/**
 * Creates a fresh Postgres database for one test and returns its URL. Call it only from a test
 * registered with `postgresTest` (or after checking `postgresUnavailable`); it throws otherwise.
 * `migrated`: a clone of the migrated template (every table of storage/ already there, as after a
 * first start) instead of an empty database; tests of the migrations themselves leave it off.
 */
export async function createPostgresDatabase(options: { migrated?: boolean } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  if (postgresUnavailable !== null) throw new Error(`${postgresUnavailable}; ${howToStart}`);
  const admin = knex({ client: 'pg', connection: adminUrl, pool: { min: 0, max: 2 }, acquireConnectionTimeout: 10_000 });
  const name = `crewd_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  try {
    const from = options.migrated ? ` TEMPLATE ${await migratedTemplate(admin)}` : '';
    await admin.raw(`CREATE DATABASE ${name}${from}`);
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
  const pg = await createPostgresDatabase({ migrated: true });
  const db = openDb({ databaseUrl: pg.url, dataDir: '/nonexistent' });
  t.teardown(async () => {
    await db.destroy();
    await pg.drop();
  });
  await migrateLatest(db);
  return db;
}
