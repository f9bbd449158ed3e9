import type { ExecutionContext } from 'ava';
import type { Db } from '../../storage/db.js';
import { migrateDownAll, migrateLatest, migrationStatus } from '../../storage/migrate.js';
import { onEveryDatabase } from '../helpers/databases.js';

async function upDownUp(t: ExecutionContext, db: Db) {
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

onEveryDatabase('migrations run up, down and up again', upDownUp);
