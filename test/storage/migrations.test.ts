import fs from 'node:fs';
import test from 'ava';
import { openDb } from '../../storage/db.js';
import { migrateDownAll, migrateLatest, migrationStatus } from '../../storage/migrate.js';
import { createPostgresDatabase } from '../helpers/postgres.js';
import { tempDir } from '../helpers/server.js';

async function upDownUp(t: import('ava').ExecutionContext, db: ReturnType<typeof openDb>) {
  const applied = await migrateLatest(db);
  t.true(applied.includes('001_foundation'));
  t.deepEqual((await migrationStatus(db)).pending, []);
  t.true(await db.schema.hasTable('api_keys'));
  t.true(await db.schema.hasTable('events'));
  const down = await migrateDownAll(db);
  t.is(down.length, applied.length);
  t.false(await db.schema.hasTable('api_keys'));
  t.deepEqual(await migrateLatest(db), applied, 'the schema comes back up after a full rollback');
  t.deepEqual(await migrateLatest(db), [], 'a second run applies nothing');
}

test('migrations run up, down and up again on SQLite', async (t) => {
  const dir = tempDir();
  const db = openDb({ dataDir: dir });
  t.teardown(async () => {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  await upDownUp(t, db);
});

test('migrations run up, down and up again on Postgres', async (t) => {
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
  await upDownUp(t, db);
});
