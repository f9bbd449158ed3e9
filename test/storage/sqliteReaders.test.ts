import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { openDb, type Db } from '../../storage/db.js';
import { isReadOnly } from '../../storage/sqliteReaders.js';

async function freshDb(t: { teardown(fn: () => Promise<void> | void): void }): Promise<Db> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crewd-readers-'));
  const db = openDb({ dataDir: dir });
  t.teardown(async () => {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  await db.schema.createTable('notes', (table) => {
    table.integer('id').primary();
    table.text('text');
  });
  return db;
}

test('a read outside a transaction runs while the writer holds a transaction open, and sees only what was committed', async (t) => {
  const db = await freshDb(t);
  await db('notes').insert({ id: 1, text: 'committed' });
  const trx = await db.transaction();
  await trx('notes').insert({ id: 2, text: 'not yet' });
  // With one connection this read would wait for the transaction that holds it (never ending here).
  const seen = await db('notes').select('id').orderBy('id');
  t.deepEqual(seen.map((row) => row.id), [1], 'the open transaction\'s row is not visible');
  t.deepEqual((await trx('notes').select('id').orderBy('id')).map((row) => row.id), [1, 2], 'the transaction reads its own writes');
  await trx.commit();
  t.deepEqual((await db('notes').select('id').orderBy('id')).map((row) => row.id), [1, 2], 'a read that begins after the commit sees it');
});

test('raw read-only SQL reads beside an open transaction; raw writes still wait for the writer', async (t) => {
  const db = await freshDb(t);
  const trx = await db.transaction();
  await trx('notes').insert({ id: 1, text: 'a' });
  const count = await db.raw('with n as (select count(*) as c from notes) select c from n');
  t.is(Number((count as Array<{ c: number }>)[0]!.c), 0);
  let written = false;
  const write = db.raw('insert into notes (id, text) values (?, ?)', [2, 'b']).then(() => (written = true));
  await trx('notes').insert({ id: 3, text: 'c' });
  t.false(written, 'the raw write waits for the writer connection the transaction holds');
  await trx.commit();
  await write;
  t.deepEqual((await db('notes').select('id').orderBy('id')).map((row) => row.id), [1, 2, 3]);
});

test('statements are read-only only when they cannot write', (t) => {
  t.true(isReadOnly({ _method: 'select' }));
  t.true(isReadOnly({ _method: 'first' }));
  t.true(isReadOnly({ _method: 'pluck' }));
  t.false(isReadOnly({ _method: 'insert' }));
  t.false(isReadOnly({ _method: 'update' }));
  t.false(isReadOnly({ _method: 'del' }));
  t.true(isReadOnly({ sql: 'select 1' }));
  t.true(isReadOnly({ sql: '  WITH x AS (select 1) select * from x' }));
  t.false(isReadOnly({ sql: 'with v (a) as (values (?)) insert into t (a) select a from v' }));
  t.false(isReadOnly({ sql: 'insert into t values (1)' }));
  t.false(isReadOnly({ sql: 'PRAGMA journal_mode = WAL' }));
  t.false(isReadOnly({ sql: 'update t set a = 1' }));
});
