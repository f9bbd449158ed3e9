import { migrateLatest } from '../../storage/migrate.js';
import { eventsRepository, type NewEvent } from '../../storage/repositories/events.js';
import { onEveryDatabase } from '../helpers/databases.js';

function event(outcome: string | null, sequence: number, id: string): NewEvent {
  return { id, workspace_id: 'ws_a', outcome_id: outcome, sequence, kind: 'outcome.progress', timestamp: '2026-11-22T00:00:00.000Z', data: { n: sequence } };
}

onEveryDatabase('an event written again (a tick replayed after a restart) is kept once and takes no position', async (t, db) => {
  await migrateLatest(db);
  const events = eventsRepository(db);
  await events.appendMany([event('out_1', 1, 'ev_1'), event('out_1', 2, 'ev_2')]);
  // The replayed tick carries the same (outcome, sequence) with new ids, plus one new event.
  await db.transaction((trx) => events.appendMany([event('out_1', 1, 'ev_1b'), event('out_1', 2, 'ev_2b'), event('out_1', 3, 'ev_3')], trx));
  await events.appendMany([event(null, 1, 'ev_w1'), event('out_2', 1, 'ev_4')]);
  const rows = await events.listAfterPosition(0, 100);
  t.deepEqual(rows.map((row) => row.id), ['ev_1', 'ev_2', 'ev_3', 'ev_w1', 'ev_4']);
  t.deepEqual(rows.map((row) => row.position), [1, 2, 3, 4, 5], 'positions without holes');
  t.deepEqual(rows[2]!.data, { n: 3 });
  t.is(rows[2]!.sequence, 3);
});

onEveryDatabase('a hole may fill only while a transaction older than it is open', async (t, db) => {
  await migrateLatest(db);
  const events = eventsRepository(db);
  t.false((await events.holeMayFill()).open, 'nothing open: any hole is for good');
  if (db.client.config.client !== 'pg') return; // SQLite: one writer, and a reader sees whole commits only
  const writer = await db.transaction();
  await events.appendMany([event('out_w', 1, 'ev_w')], writer); // draws a position, not committed
  await events.appendMany([event('out_x', 1, 'ev_x')]); // committed after it: the hole is visible
  const first = await events.holeMayFill();
  t.true(first.open, 'the writer holding the hole is still open');
  await writer.rollback();
  t.false((await events.holeMayFill(first.mark)).open, 'rolled back: the hole stays empty');
  const later = await db.transaction();
  await later.raw('select 1');
  t.false((await events.holeMayFill(first.mark)).open, 'a transaction begun after the hole was seen cannot fill it');
  await later.rollback();
});

onEveryDatabase('tailing readers read past a hole in positions wider than one read window', async (t, db) => {
  await migrateLatest(db);
  const events = eventsRepository(db);
  await events.appendMany([event('out_1', 1, 'ev_1')]);
  // A position far ahead (a sequence advanced by many rolled-back writes): reads bound their range, then probe past it.
  await db('events').insert({ position: 5_000_000, id: 'ev_far', workspace_id: 'ws_a', outcome_id: 'out_1', sequence: 2, kind: 'outcome.progress', timestamp: '2026-11-22T00:00:00.000Z', data: '{}' });
  await db('events').insert({ position: 5_000_001, id: 'ev_next', workspace_id: 'ws_a', outcome_id: 'out_1', sequence: 3, kind: 'outcome.progress', timestamp: '2026-11-22T00:00:00.000Z', data: '{}' });
  t.deepEqual((await events.listAfterPosition(1, 100)).map((row) => row.id), ['ev_far', 'ev_next']);
  t.deepEqual((await events.listAfterPosition(0, 1)).map((row) => row.id), ['ev_1'], 'the limit holds');
  t.deepEqual((await events.listAfterPositionOf('ws_a', 1, 100)).map((row) => row.id), ['ev_far', 'ev_next']);
  t.deepEqual(await events.listAfterPosition(5_000_001, 100), [], 'nothing after the last');
  t.deepEqual(await events.listAfterPositionOf('ws_b', 0, 100), [], 'another workspace reads none of them');
});

onEveryDatabase('a tailing reader can read the heads of a window, then the wanted events whole, by position', async (t, db) => {
  await migrateLatest(db);
  const events = eventsRepository(db);
  await events.appendMany([event('out_1', 1, 'ev_1'), event(null, 1, 'ev_w'), event('out_2', 1, 'ev_2')]);
  t.deepEqual(await events.listHeadsAfterPosition(1, 100), [
    { position: 2, workspace_id: 'ws_a', outcome_id: null, kind: 'outcome.progress' },
    { position: 3, workspace_id: 'ws_a', outcome_id: 'out_2', kind: 'outcome.progress' },
  ]);
  t.deepEqual(await events.listHeadsAfterPosition(3, 100), [], 'nothing after the last');
  const whole = await events.listAtPositions([3, 1, 99]);
  t.deepEqual(whole.map((row) => [row.position, row.id, row.data]), [[1, 'ev_1', { n: 1 }], [3, 'ev_2', { n: 1 }]], 'oldest first; a position with no event is left out');
});

onEveryDatabase('a tick with more events than one statement holds is appended whole, in order, in one transaction', async (t, db) => {
  await migrateLatest(db);
  const events = eventsRepository(db);
  // 9,001: past SQLite's 4,000 rows and Postgres's 400 per statement, with a partial last chunk.
  const batch = Array.from({ length: 9_001 }, (_, i) => event(`out_${i % 7}`, Math.floor(i / 7) + 1, `ev_${i}`));
  const statements: string[] = [];
  const count = (query: { sql: string }) => statements.push(query.sql);
  db.on('query', count);
  await db.transaction((trx) => events.appendMany(batch, trx));
  db.off('query', count);
  const rows = await events.listAfterPosition(0, 10_000);
  t.is(rows.length, 9_001);
  t.deepEqual(rows.map((row) => row.id), batch.map((e) => e.id), 'positions follow the tick order');
  const inserts = statements.filter((sql) => /insert into "events"/.test(sql)).length;
  t.is(inserts, db.client.config.client === 'pg' ? 23 : 3);
});

onEveryDatabase('events keep their data exactly as given, in the order given, whatever characters it holds', async (t, db) => {
  await migrateLatest(db);
  const events = eventsRepository(db);
  const awkward = [
    { text: 'quotes " and \' and back\\slashes \\" too' },
    { text: 'line\nbreaks\r\n\ttabs and a \u0000 NUL, \u001f control', nested: { list: [1, 2.5, -0, 1e21, null, true, false], empty: {} } },
    { text: 'accents é à ü, CJK 漢字, emoji 🧑‍🌾👍🏽, a lone surrogate \ud800 kept as JSON writes it' },
    { text: 'x'.repeat(100_000), json: '{"looks":"like json","?":"placeholders ? ??"}' },
  ];
  const many = Array.from({ length: 1_200 }, (_, index) => ({ id: `ev_${String(index).padStart(4, '0')}`, workspace_id: 'ws_a', outcome_id: `out_${index % 7}`, sequence: Math.floor(index / 7) + 1, kind: 'crew.agent_completed', timestamp: '2026-11-27T00:00:00.000Z', data: awkward[index % awkward.length]! }));
  await db.transaction((trx) => events.appendMany(many, trx));
  const rows = await events.listAfterPosition(0, 2_000);
  t.is(rows.length, many.length);
  t.deepEqual(rows.map((row) => row.id), many.map((event) => event.id), 'positions follow the order given');
  for (const [index, row] of rows.entries()) {
    const given = many[index]!;
    if (JSON.stringify(row.data) !== JSON.stringify(given.data) || row.sequence !== given.sequence || row.outcome_id !== given.outcome_id) {
      t.fail(`event ${given.id} came back changed`);
      return;
    }
  }
  const stored = await db('events').where({ id: 'ev_0001' }).first('data');
  t.is(stored.data, JSON.stringify(awkward[1]), 'the data column holds the JSON text as written');
  t.pass();
});
