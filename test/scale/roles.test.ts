import { postgresTest } from '../helpers/postgres.js';
import { startCluster } from './cluster.js';
import { until } from '../helpers/until.js';

postgresTest('an API-only process accepts deploys that a worker process runs, and runs none itself', async (t) => {
  // One worker-only process (it serves probes only) and one API-only process.
  const cluster = await startCluster(0, { CREWD_LOCAL_MODEL_DELAY_MS: '20' });
  t.teardown(() => cluster.close());
  const worker = await cluster.start(['--no-api']);
  const api = await cluster.start(['--no-worker']);
  t.deepEqual((await api.call('GET', '/readyz')).body.roles, { api: true, worker: false });

  const ids: string[] = [];
  for (let i = 0; i < 6; i++) {
    const deployed = await api.call('POST', '/v1/crews/writer/deploy', { body: { brief: `Accepted by the API process, run by the worker ${i}.` } });
    t.is(deployed.status, 201);
    ids.push(deployed.body.outcome_id as string);
    t.is((await api.call('GET', '/v1/admin/actors')).body.count, 0, 'nothing runs on the API process');
  }
  await until(async () => {
    const statuses = await Promise.all(ids.map(async (id) => (await api.call('GET', `/v1/outcomes/${id}`)).body.status as string));
    return statuses.every((status) => status === 'completed');
  }, 'every outcome completed', 180_000);
  t.is((await api.call('GET', '/v1/admin/actors')).body.count, 0);
  const completions = await cluster.db('events').whereIn('outcome_id', ids).andWhere({ kind: 'outcome.completed' }).count({ n: '*' });
  t.is(Number(completions[0]!.n), ids.length, 'each completed once');
  // The worker serves no API.
  t.is((await worker.call('GET', '/v1/crews')).status, 404);
});
