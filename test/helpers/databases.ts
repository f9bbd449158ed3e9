import fs from 'node:fs';
import test, { type ExecutionContext } from 'ava';
import { openDb, type Db } from '../../storage/db.js';
import { createPostgresDatabase } from './postgres.js';
import { tempDir } from './server.js';

/**
 * Registers one test per database kind: a fresh SQLite file, and a fresh Postgres database (passing
 * with a visible SKIPPED notice where no Postgres answers).
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
  test(`${title} on Postgres`, async (t) => {
    const pg = await createPostgresDatabase();
    if (pg.url === null) {
      t.log(`SKIPPED: ${pg.reason}`);
      t.pass();
      return;
    }
    const db = openDb({ dataDir: '', databaseUrl: pg.url });
    t.teardown(async () => {
      await db.destroy();
      await pg.drop();
    });
    await body(t, db);
  });
}
