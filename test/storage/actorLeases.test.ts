import type { ExecutionContext } from 'ava';
import { createRepositories } from '../../storage/index.js';
import { migratedPostgres, postgresTest } from '../helpers/postgres.js';

/**
 * Leases on actor rows (Postgres): an actor changing hands gets a new epoch, so its previous
 * holder's writes are refused; an actor staying with its holder keeps its epoch, so that holder's
 * own live actor is never fenced by its own claim.
 */

const row = (id: string) => ({
  id,
  machine: 'outcome',
  version: 1,
  workspace_id: 'ws_1',
  status: 'active' as const,
  state_value: 'processing',
  snapshot: null,
  input: '{}',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});

async function setUp(t: ExecutionContext) {
  const db = await migratedPostgres(t);
  const repos = createRepositories(db);
  await repos.actors.insert([row('out_1')], db, { owner: 'A', leaseUntil: 1_000 });
  return { db, repos };
}

postgresTest('a takeover after the lease ended bumps the epoch; a live lease refuses another process', async (t) => {
  const { repos } = await setUp(t);
  t.is(await repos.actors.claimOne('out_1', { owner: 'B', leaseUntil: 2_000 }, 500), undefined, 'A still holds it at 500');
  const taken = await repos.actors.claimExpired({ owner: 'B', leaseUntil: 5_000 }, 1_500, 10);
  t.deepEqual(taken.map((r) => [r.id, r.owner, r.epoch]), [['out_1', 'B', 2]]);
  t.is(await repos.actors.claimOne('out_1', { owner: 'A', leaseUntil: 6_000 }, 1_600), undefined, 'A cannot take it back while B holds it');
  const later = await repos.actors.claimOne('out_1', { owner: 'C', leaseUntil: 9_000 }, 5_001);
  t.is(later?.epoch, 3, 'C took it after B stopped renewing');
});

postgresTest('a process claiming an actor it already took over keeps the epoch its live actor writes with', async (t) => {
  const { db, repos } = await setUp(t);
  // B's lease round takes the expired actor over and restores it (epoch 2) ...
  const [taken] = await repos.actors.claimExpired({ owner: 'B', leaseUntil: 5_000 }, 1_500, 10);
  t.is(taken?.epoch, 2);
  // ... while a command B applies loads the same actor and claims it again: still epoch 2.
  const again = await repos.actors.claimOne('out_1', { owner: 'B', leaseUntil: 6_000 }, 1_600);
  t.is(again?.epoch, 2);
  t.is(again?.owner, 'B');
  const stored = await db.transaction((trx) => repos.actors.lockOwnership(['out_1'], trx));
  t.deepEqual(stored.get('out_1'), { owner: 'B', epoch: 2 }, 'the live actor\'s writes at epoch 2 still pass the fence');
});
