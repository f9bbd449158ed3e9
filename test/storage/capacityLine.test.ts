import { capacityLineRepository } from '../../storage/repositories/capacityLine.js';
import { openDb } from '../../storage/db.js';
import { migrateLatest } from '../../storage/migrate.js';
import { createPostgresDatabase, migratedPostgres, postgresTest } from '../helpers/postgres.js';

const now = '2026-11-27T00:00:00.000Z';

postgresTest('a settle gives free slots to the oldest waiting outcomes of any process, in one statement', async (t) => {
  const db = await migratedPostgres(t);
  const line = capacityLineRepository(db);
  const statements: string[] = [];
  db.on('query', (query: { sql: string }) => statements.push(query.sql));
  // Process a asks for three slots and b for two, limit 2: a's first two run, the rest wait in order.
  const first = await line.settle('ws_1', [
    { op: 'request', outcomeId: 'out_a1', node: 'a' },
    { op: 'request', outcomeId: 'out_a2', node: 'a' },
  ], 2, 'a', now);
  t.deepEqual(first.mine, ['out_a1', 'out_a2']);
  t.deepEqual(first.waiting, []);
  t.is(statements.length, 1, 'the writes and the grant are one round trip');
  const second = await line.settle('ws_1', [
    { op: 'request', outcomeId: 'out_b1', node: 'b' },
    { op: 'request', outcomeId: 'out_a3', node: 'a' },
    { op: 'request', outcomeId: 'out_b1', node: 'b' }, // asked twice in one round: counted once
  ], 2, 'b', now);
  t.deepEqual(second.running, ['out_a1', 'out_a2']);
  t.deepEqual(second.waiting, ['out_b1', 'out_a3'], 'first come, first served, whichever process asked');
  t.deepEqual(second.mine, []);
  // a finishes out_a1: the oldest waiting outcome (b's) gets the slot, and b is told by name.
  const third = await line.settle('ws_1', [{ op: 'remove', outcomeId: 'out_a1' }], 2, 'a', now);
  t.deepEqual(third.running, ['out_a2', 'out_b1']);
  t.deepEqual(third.waiting, ['out_a3']);
  t.deepEqual(third.mine, ['out_a2']);
  t.deepEqual(third.grantedTo, ['b']);
  t.deepEqual(third.grants, { b: ['out_b1'] });
  // Another workspace's line is its own.
  const other = await line.settle('ws_2', [{ op: 'request', outcomeId: 'out_x', node: 'b' }], 1, 'b', now);
  t.deepEqual(other.mine, ['out_x']);
  t.deepEqual(other.running, ['out_x']);
  t.is(statements.length, 4);
});

postgresTest('a settle writes its changes in call order: a request after a remove, an occupy past the limit, any worker', async (t) => {
  const db = await migratedPostgres(t);
  const line = capacityLineRepository(db);
  await line.settle('ws_1', [{ op: 'request', outcomeId: 'out_1', node: 'a' }], 1, 'a', now);
  // Removed then asked for again in one round: it goes back in line (and gets the free slot back).
  const again = await line.settle('ws_1', [{ op: 'remove', outcomeId: 'out_1' }, { op: 'request', outcomeId: 'out_1', node: 'a' }], 1, 'a', now);
  t.deepEqual(again.mine, ['out_1']);
  // Asked for again while it runs on this node: left running.
  const asked = await line.settle('ws_1', [{ op: 'request', outcomeId: 'out_1', node: 'a' }], 1, 'a', now);
  t.deepEqual(asked.running, ['out_1']);
  // A process restoring an outcome mid-run holds its slot even past the limit; nothing more is granted.
  const occupied = await line.settle('ws_1', [{ op: 'occupy', outcomeId: 'out_2', node: 'b' }, { op: 'request', outcomeId: 'out_3', node: null }], 1, 'a', now);
  t.deepEqual(occupied.running, ['out_1', 'out_2']);
  t.deepEqual(occupied.waiting, ['out_3']);
  // Both end: the outcome asked for by an API-only process (no node) is granted to the settling worker.
  const freed = await line.settle('ws_1', [{ op: 'remove', outcomeId: 'out_1' }, { op: 'remove', outcomeId: 'out_2' }], 1, 'b', now);
  t.deepEqual(freed.mine, ['out_3']);
  t.deepEqual(freed.grantedTo, [], 'granted to the settling process itself: no notice');
  const rows = await db('capacity_line').select('outcome_id', 'state', 'node');
  t.deepEqual(rows, [{ outcome_id: 'out_3', state: 'running', node: 'b' }]);
});

postgresTest('settles from four connection pools at once never hand out more slots than the limit', async (t) => {
  const pg = await createPostgresDatabase({ migrated: true });
  // Four clients of the database at once (the real multi-process check is test/scale/concurrency),
  // each asking for ten slots in rounds of one under its own node name.
  const pools = Array.from({ length: 4 }, () => openDb({ databaseUrl: pg.url, dataDir: '/nonexistent', poolMax: 3 }));
  const db = pools[0]!;
  t.teardown(async () => {
    await Promise.all(pools.map((pool) => pool.destroy()));
    await pg.drop();
  });
  await migrateLatest(db);
  await Promise.all(
    pools.flatMap((pool, p) => {
      const line = capacityLineRepository(pool);
      return Array.from({ length: 10 }, (_, i) => line.settle('ws_1', [{ op: 'request', outcomeId: `out_${p}_${i}`, node: `n${p}` }], 7, `n${p}`, now));
    }),
  );
  const running = await db('capacity_line').where({ state: 'running' }).count({ n: '*' });
  t.is(Number(running[0]!.n), 7);
  const waiting = await db('capacity_line').where({ state: 'waiting' }).count({ n: '*' });
  t.is(Number(waiting[0]!.n), 33);
});
