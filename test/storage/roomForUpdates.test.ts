import { createRepositories } from '../../storage/index.js';
import { migratedPostgres, postgresTest } from '../helpers/postgres.js';

/**
 * Actor and outcome rows are rewritten at every step of an outcome. On Postgres an update that finds
 * room on its row's page is a heap-only tuple (HOT): no new entry in any of the table's indexes, and
 * nothing for an index scan to step over later. Pages filled to the brim leave no such room, so the
 * tables keep a share of each page free for the next version of its rows.
 */

const text = (tick: number, i: number) => JSON.stringify({ tick, context: `${i} `.repeat(300).slice(0, 900) });

postgresTest('an actor written tick after tick is updated in place on its page, without new index entries', async (t) => {
  const db = await migratedPostgres(t);
  const repos = createRepositories(db);
  const rows = Array.from({ length: 60 }, (_, i) => ({
    id: `out_${String(i).padStart(3, '0')}`,
    machine: 'outcome',
    version: 1,
    workspace_id: 'ws_1',
    status: 'active' as const,
    state_value: 'processing',
    snapshot: text(0, i),
    input: '{}',
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  }));
  await repos.actors.insert(rows, db, { owner: 'A', leaseUntil: 1_000 });
  // One transaction, so its own counters say which of its updates were HOT (a committed
  // transaction's reach the statistics views only later).
  const { updated, hot } = await db.transaction(async (trx) => {
    await repos.actors.upsertMany(rows.map((row, i) => ({ ...row, snapshot: text(1, i), updated_at: '2026-01-01T00:00:01.000Z' })), trx);
    const counts = await trx.raw(`SELECT pg_stat_get_xact_tuples_updated('actors'::regclass)::int AS updated, pg_stat_get_xact_tuples_hot_updated('actors'::regclass)::int AS hot`);
    return counts.rows[0] as { updated: number; hot: number };
  });
  t.is(updated, 60);
  t.true(hot >= 20, `${hot} of ${updated} updates found room on their page`);
});
