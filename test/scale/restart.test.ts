import { stopProcess } from '../helpers/processes.js';
import { postgresTest } from '../helpers/postgres.js';
import { startCluster } from './cluster.js';
import { until } from '../helpers/until.js';

postgresTest('on Postgres, a process killed mid-run and started again completes every outcome of a concurrency-1 line once', async (t) => {
  const cluster = await startCluster(1, { CREWD_LOCAL_MODEL_DELAY_MS: '150' });
  t.teardown(() => cluster.close());
  const workspace = await cluster.workspace({ concurrency: 1, rpm: 1000 });
  const first = cluster.nodes[0]!;
  const ids: string[] = [];
  for (let i = 0; i < 4; i++) {
    const deployed = await first.call('POST', '/v1/crews/writer/deploy', { key: workspace.key, body: { brief: `Waits in a line of one, then survives a crash ${i}.` } });
    t.is(deployed.status, 201);
    ids.push(deployed.body.outcome_id as string);
  }
  // Mid-run: the first outcome holds the only slot, the others wait in the shared line.
  await until(async () => (await cluster.db('outcomes').where({ id: ids[0] }).first())?.status === 'processing', 'the first outcome is processing');
  await stopProcess(first.child, 'SIGKILL');
  const second = await cluster.start();
  await until(async () => {
    const rows = await cluster.db('outcomes').whereIn('id', ids).select('status');
    return rows.length === ids.length && rows.every((row) => row.status === 'completed');
  }, 'every outcome completed', 120_000);
  const completions = await cluster.db('events').whereIn('outcome_id', ids).andWhere({ kind: 'outcome.completed' }).count({ n: '*' });
  t.is(Number(completions[0]!.n), ids.length);
  t.is((await second.call('GET', '/readyz')).status, 200);
});
