import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import type { Knex } from 'knex';
import { openDb, type Db } from '../../../storage/db.js';
import { withBatchedWrites } from '../../../storage/sql/batchedWrites.js';

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

test('a statement of the batch that fails rejects the transaction with its SQLite code, and nothing of the batch stays', async (t) => {
  const db = await freshDb(t);
  await db('notes').insert({ id: 1, text: 'kept' });
  const error = await t.throwsAsync(
    db.transaction((trx) =>
      withBatchedWrites(trx, async () => {
        await trx.raw('insert into "notes" ("id", "text") values (?, ?)', [2, 'new']);
        await trx.raw('insert into "notes" ("id", "text") values (?, ?)', [1, 'a duplicate key']);
      }),
    ),
  );
  t.is((error as { code?: string }).code, 'SQLITE_CONSTRAINT');
  t.deepEqual((await stored(db)).map((row) => row.text), ['kept']);
  // The connection is usable afterwards: the transaction was rolled back, not left open.
  await db.transaction((trx) => withBatchedWrites(trx, async () => void (await trx.raw('insert into "notes" ("id", "text") values (?, ?)', [2, 'later']))));
  t.deepEqual((await stored(db)).map((row) => row.text), ['kept', 'later']);
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
