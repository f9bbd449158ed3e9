import fs from 'node:fs';
import test, { type ExecutionContext } from 'ava';
import { openDb, type Db } from '../../storage/db.js';
import { createRepositories, type Repositories } from '../../storage/index.js';
import { migrateLatest } from '../../storage/migrate.js';
import { createPostgresDatabase, postgresTest } from './postgres.js';
import { tempDir } from './server.js';

/**
 * Registers one test per database kind: a fresh SQLite file, and a fresh Postgres database (skipped,
 * visibly, where no Postgres answers; a failure of the run when CI is set).
 */
export function onEveryDatabase(title: string, body: (t: ExecutionContext, db: Db) => Promise<void>): void {
  test(`${title} on SQLite`, async (t) => {
    const dir = tempDir();
    const db = openDb({ dataDir: dir });
    t.teardown(async () => {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    });
    await body(t, db);
  });
  postgresTest(`${title} on Postgres`, async (t) => {
    const pg = await createPostgresDatabase();
    const db = openDb({ dataDir: '', databaseUrl: pg.url });
    t.teardown(async () => {
      await db.destroy();
      await pg.drop();
    });
    await body(t, db);
  });
}

/** A migrated SQLite database in a temp dir, with its repositories; removed when the test ends. */
export async function migratedStore(t: ExecutionContext): Promise<{ db: Db; repos: Repositories }> {
  const dir = tempDir();
  const db = openDb({ dataDir: dir });
  t.teardown(async () => {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  await migrateLatest(db);
  return { db, repos: createRepositories(db) };
}
