import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test, { type ExecutionContext } from 'ava';
import type { Knex } from 'knex';
import { openDb, type Db } from '../../../storage/db.js';
import { withBatchedWrites } from '../../../storage/sql/batchedWrites.js';
import { createPostgresDatabase, postgresTest } from '../../helpers/postgres.js';

async function freshDb(t: { teardown(fn: () => Promise<void> | void): void }): Promise<Db> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crewd-batched-'));
  const db = openDb({ dataDir: dir });
  t.teardown(async () => {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  // `value` has no declared type, so SQLite keeps each value's own storage class.
  await db.raw('create table notes (id integer primary key, text text, value)');
  return db;
}

/** The rows as SQLite stores them: each value with its storage class. */
async function stored(db: Db): Promise<Array<{ id: number; text: unknown; value: unknown; kind: string }>> {
  return db.raw('select id, text, value, typeof(value) as kind from notes order by id');
}

const values: Knex.Value[] = [
  "it's \"quoted\"; -- not a comment",
  'émoji 🚀 and a line\nbreak',
  42,
  -2_147_483_648,
  1_764_288_000_000,
  0.1,
  1e21,
  true,
  false,
  null,
  Buffer.from([0, 1, 254, 255]),
  'a NUL \0 inside',
];

test('writes sent together store every value as the same storage class as one statement each, in order', async (t) => {
  const batchedDb = await freshDb(t);
  const plainDb = await freshDb(t);
  const write = (trx: Db) => async () => {
    for (const [i, value] of values.entries()) await trx.raw('insert into "notes" ("id", "text", "value") values (?, ?, ?)', [i, `row ${i}`, value]);
    await trx.raw('update "notes" set "text" = ? where "id" = ?', ["updated 'twice'", 3]);
  };
  await batchedDb.transaction((trx) => withBatchedWrites(trx, write(trx)));
  await plainDb.transaction((trx) => write(trx)());
  const batched = await stored(batchedDb);
  t.is(batched.length, values.length);
  t.deepEqual(batched, await stored(plainDb));
  t.is(batched[3]!.text, "updated 'twice'");
  t.is(batched[11]!.value, 'a NUL \0 inside', 'a string with a NUL, which SQL text cannot hold, is written whole');
});

test('a read inside the batch sees every write issued before it, and a raw write answers what it answers unbatched', async (t) => {
  const db = await freshDb(t);
  await db.transaction((trx) =>
    withBatchedWrites(trx, async () => {
      t.deepEqual(await trx.raw('insert into "notes" ("id", "text") values (?, ?)', [1, 'first']), []);
      const seen = await trx('notes').select('text');
      t.deepEqual(seen, [{ text: 'first' }], 'the batch is sent before the read');
      await trx('notes').insert({ id: 2, text: 'by the query builder' });
      await trx.raw('insert into "notes" ("id", "text") values (?, ?)', [3, 'after it']);
    }),
  );
  t.deepEqual((await stored(db)).map((row) => row.text), ['first', 'by the query builder', 'after it']);
});

/**
 * A batch whose second write breaks the primary key: the transaction rejects with the database's
 * own code, nothing of the batch stays, and the connection takes the next transaction.
 */
async function failingBatch(t: ExecutionContext, db: Db, code: string): Promise<void> {
  const texts = async () => (await db('notes').select('text').orderBy('id')).map((row) => row.text);
  await db('notes').insert({ id: 1, text: 'kept' });
  const error = await t.throwsAsync(
    db.transaction((trx) =>
      withBatchedWrites(trx, async () => {
        await trx.raw('insert into "notes" ("id", "text") values (?, ?)', [2, 'new']);
        await trx.raw('insert into "notes" ("id", "text") values (?, ?)', [1, 'a duplicate key']);
      }),
    ),
  );
  t.is((error as { code?: string }).code, code);
  t.deepEqual(await texts(), ['kept']);
  await db.transaction((trx) => withBatchedWrites(trx, async () => void (await trx.raw('insert into "notes" ("id", "text") values (?, ?)', [2, 'later']))));
  t.deepEqual(await texts(), ['kept', 'later']);
}

test('a statement of the batch that fails rejects the transaction with its SQLite code, and nothing of the batch stays', async (t) => {
  await failingBatch(t, await freshDb(t), 'SQLITE_CONSTRAINT');
});

test('after the batch the transaction runs its statements one by one again', async (t) => {
  const db = await freshDb(t);
  await db.transaction(async (trx) => {
    await withBatchedWrites(trx, async () => void (await trx.raw('insert into "notes" ("id", "text") values (?, ?)', [1, 'batched'])));
    const statements: string[] = [];
    trx.on('query', (query: { sql: string }) => statements.push(query.sql));
    await trx.raw('insert into "notes" ("id", "text") values (?, ?)', [2, 'alone']);
    t.is(statements.length, 1, 'the insert ran as a statement of its own');
  });
  t.deepEqual((await stored(db)).map((row) => row.text), ['batched', 'alone']);
});

/** A fresh Postgres database with the same table, typed as crewd's tables are. */
async function freshPostgres(t: ExecutionContext): Promise<Db> {
  const pg = await createPostgresDatabase();
  const db = openDb({ databaseUrl: pg.url, dataDir: '/nonexistent' });
  t.teardown(async () => {
    await db.destroy();
    await pg.drop();
  });
  await db.raw('create table notes (id integer primary key, text text, big bigint, ratio double precision, flag boolean, doc jsonb)');
  return db;
}

const pgRows: Knex.Value[][] = [
  [1, "it's \"quoted\" \\ with a backslash \\n and a ? mark", 1_764_288_000_000, 0.1, true, '{"a": "b\\"c", "d": [1, 2]}'],
  [2, 'émoji 🚀 and a line\nbreak', -5, 1e21, false, null],
  [3, null, null, null, null, '"a JSON string"'],
];

postgresTest('on Postgres, writes sent together as one query store what one statement each stores, and a CTE of values reads them as bound', async (t) => {
  const batchedDb = await freshPostgres(t);
  const plainDb = await freshPostgres(t);
  const write = (trx: Db) => async () => {
    for (const row of pgRows) await trx.raw('insert into "notes" ("id", "text", "big", "ratio", "flag", "doc") values (?, ?, ?, ?, ?, ?)', row);
    // As the events' append does: values arrive untyped in a CTE and are cast where they are stored.
    await trx.raw('with v ("id", "text") as (values (?, ?), (?, ?)) insert into "notes" ("id", "text") select cast(v."id" as integer), v."text" from v', [4, 'from a CTE', 5, "it's the last"]);
    await trx.raw('update "notes" set "text" = ? where "id" = ?', ["updated 'twice'", 3]);
  };
  const statements: string[] = [];
  batchedDb.on('query', (query: { sql: string }) => statements.push(query.sql));
  await batchedDb.transaction((trx) => withBatchedWrites(trx, write(trx)));
  await plainDb.transaction((trx) => write(trx)());
  t.deepEqual(statements, ['BEGIN;', 'COMMIT;'], 'the five writes went as one query of their own');
  const read = (db: Db) => db.raw('select *, pg_typeof(doc)::text as doc_type from notes order by id').then((result: { rows: unknown[] }) => result.rows);
  const batched = await read(batchedDb);
  t.is(batched.length, 5);
  t.deepEqual(batched, await read(plainDb));
});

postgresTest('on Postgres, a statement of the batch that fails rejects the transaction with its SQLSTATE, and nothing of it stays', async (t) => {
  await failingBatch(t, await freshPostgres(t), '23505');
});
