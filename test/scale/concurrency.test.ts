import { postgresTest } from '../helpers/postgres.js';
import { startCluster } from './cluster.js';
import { until } from '../helpers/until.js';

postgresTest('a concurrency-3 workspace never has more than 3 outcomes running across two processes', async (t) => {
  const cluster = await startCluster(2, { CREWD_LOCAL_MODEL_DELAY_MS: '60' });
  t.teardown(() => cluster.close());
  const [a, b] = cluster.nodes;
  const workspace = await cluster.workspace({ concurrency: 3, rpm: 1000 });
  const ids: string[] = [];
  for (let i = 0; i < 12; i++) {
    const deployed = await (i % 2 === 0 ? a! : b!).call('POST', '/v1/crews/writer/deploy', { key: workspace.key, body: { brief: `Concurrency check ${i}.` } });
    t.is(deployed.status, 201, JSON.stringify(deployed.body));
    ids.push(deployed.body.outcome_id as string);
  }
  await until(async () => {
    const rows = await cluster.db('outcomes').whereIn('id', ids).select('status');
    return rows.length === ids.length && rows.every((row) => row.status === 'completed');
  }, 'every outcome completed', 120_000);

  // Each outcome ran from its first agent's start to its completion (both stamped by the process
  // running it); at no instant may more than 3 of these intervals overlap.
  const events = (await cluster.db('events').whereIn('outcome_id', ids).whereIn('kind', ['crew.agent_started', 'outcome.completed']).orderBy('sequence').select('outcome_id', 'kind', 'timestamp')) as Array<{ outcome_id: string; kind: string; timestamp: string }>;
  const edges: Array<[number, number]> = [];
  for (const id of ids) {
    const own = events.filter((event) => event.outcome_id === id);
    const started = own.find((event) => event.kind === 'crew.agent_started');
    const completed = own.filter((event) => event.kind === 'outcome.completed');
    t.is(completed.length, 1, 'completed once');
    edges.push([Date.parse(started!.timestamp), 1], [Date.parse(completed[0]!.timestamp), -1]);
  }
  // Ends sort before starts at the same instant: a slot freed and taken in the same millisecond is not an overlap.
  edges.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  let running = 0;
  let most = 0;
  for (const [, change] of edges) {
    running += change;
    most = Math.max(most, running);
  }
  t.true(most <= 3, `at most 3 at once, saw ${most}`);
  t.true(most >= 2, `the slots are used in parallel, saw ${most}`);
});
