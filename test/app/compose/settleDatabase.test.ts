import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import knex from 'knex';
import { settleDatabase } from '../../../app/compose/settleDatabase.js';
import { createTurnBatch } from '../../../runtime/turnBatch.js';
import { tempDir } from '../../helpers/server.js';

test('a read batched for the next turn has finished when the database settles, so destroy() leaves no query waiting', async (t) => {
  const dir = tempDir('crewd-settle-');
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  const db = knex({ client: 'sqlite3', connection: { filename: path.join(dir, 'settle.sqlite') }, useNullAsDefault: true });
  t.teardown(() => db.destroy());
  await db.schema.createTable('rows', (table) => table.string('id'));
  // As the stage-job loader does: asked for in this turn, read (in two queries, one after the other) at the next.
  const read = createTurnBatch<number>(async (batch) => {
    const first = await db('rows').count({ n: '*' });
    const second = await db('rows').count({ n: '*' });
    for (const waiters of batch.values()) for (const waiter of waiters) waiter.resolve(Number(first[0]!.n) + Number(second[0]!.n));
  });
  let answered = false;
  const pending = read('a').then(() => (answered = true));
  await settleDatabase(db, performance.now() + 10_000);
  t.true(answered, 'the batched read finished before settleDatabase resolved');
  await pending;
});
