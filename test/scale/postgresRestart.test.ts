import { createPrivateCluster, privatePostgresTest } from '../helpers/privatePostgres.js';
import { startCluster } from './cluster.js';
import { until } from '../helpers/until.js';

// Postgres is restarted under the processes: a throwaway cluster of this test's own (its own
// port), so the machine's shared Postgres and every other test on it are left alone.
privatePostgresTest('Postgres restarted mid-run: every process reconnects by itself and every accepted outcome completes once', async (t) => {
  const postgres = await createPrivateCluster(t);
  // The cluster is this test's alone: its `postgres` database serves; dropping the cluster drops it.
  const nodes = await startCluster(2, { CREWD_LOCAL_MODEL_DELAY_MS: '150' }, { url: postgres.adminUrl, drop: async () => undefined });
  t.teardown(() => nodes.close());
  const [a, b] = nodes.nodes;
  const ids: string[] = [];
  for (let i = 0; i < 8; i++) {
    const deployed = await (i % 2 === 0 ? a! : b!).call('POST', '/v1/crews/writer/deploy', { body: { brief: `Survives a database restart ${i}.` } });
    t.is(deployed.status, 201);
    ids.push(deployed.body.outcome_id as string);
  }
  const unfinished = await nodes.db('outcomes').whereIn('id', ids).whereNot({ status: 'completed' }).count('* as n').first();
  t.log(`${Number(unfinished?.n)} of ${ids.length} outcomes unfinished when Postgres restarts`);
  postgres.restart();
  // Both processes serve again without being restarted themselves.
  for (const node of [a!, b!]) {
    await until(async () => (await node.call('GET', '/readyz').catch(() => ({ status: 0 }))).status === 200, 'the process answers again', 60_000);
  }
  for (let i = 0; i < 4; i++) {
    const deployed = await until(async () => {
      const answer = await (i % 2 === 0 ? a! : b!).call('POST', '/v1/crews/writer/deploy', { body: { brief: `Accepted after the restart ${i}.` } });
      return answer.status === 201 ? answer : undefined;
    }, 'a deploy is accepted');
    ids.push(deployed.body.outcome_id as string);
  }
  await until(async () => {
    const rows = await nodes.db('outcomes').whereIn('id', ids).select('status').catch(() => []);
    return rows.length === ids.length && rows.every((row) => row.status === 'completed');
  }, 'every accepted outcome completed', 120_000);
  const completions = (await nodes.db('events').whereIn('outcome_id', ids).andWhere({ kind: 'outcome.completed' }).select('outcome_id')) as Array<{ outcome_id: string }>;
  t.is(completions.length, ids.length, 'each completed exactly once');
  t.is(new Set(completions.map((row) => row.outcome_id)).size, ids.length);
});
