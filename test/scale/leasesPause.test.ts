import { postgresTest } from '../helpers/postgres.js';
import { allCompleted, call, completedOnce, counter, deploy, leaseCluster, owners, scrape, underWay } from './leasesCluster.js';
import { until } from '../helpers/until.js';

postgresTest('SIGSTOP past the lease, takeover, SIGCONT: the stale process\'s writes are refused and counted, nothing changes afterwards', async (t) => {
  const cluster = await leaseCluster(t, { CREWD_LEASE_MS: '1500', CREWD_LOCAL_MODEL_DELAY_MS: '300' });
  const a = await cluster.start();
  const b = await cluster.start();
  const ids = await deploy(t, a, 12);
  await underWay(a, ids[0]!);
  a.child.kill('SIGSTOP');
  // Read once A is stopped: nothing of A's changes until it wakes (a transaction it held open is
  // ended by Postgres after one lease).
  const before = await owners(cluster.db, ids);
  const ownerA = before[0]!.owner;
  t.true(before.some((row) => row.status === 'active'), 'some outcomes are unfinished when A is paused');

  // B takes A's outcomes over once A's leases end, and completes them.
  const done = await allCompleted(t, b, ids);
  const eventsBefore = await cluster.db('events').whereIn('outcome_id', ids).count({ n: '*' });
  a.child.kill('SIGCONT');

  // A wakes with its copies mid-step: their next writes are refused and the copies stopped.
  await until(async () => !/^crewd_live_actors\{machine="outcome"/m.test(await scrape(a)), 'A stopped its stale copies');
  t.true((await counter(a, 'crewd_fenced_writes_total')) >= 1, 'A counted its refused stale writes');

  await completedOnce(t, cluster.db, ids);
  for (const id of ids) {
    const view = (await call(a.url, 'GET', `/v1/outcomes/${id}`)).body;
    t.is(view.status, 'completed', `${id} stays completed`);
    t.deepEqual(view.result, done.get(id).result, `${id}: result unchanged`);
    t.is(view.completed_at, done.get(id).completed_at, `${id}: completed_at unchanged`);
  }
  const eventsAfter = await cluster.db('events').whereIn('outcome_id', ids).count({ n: '*' });
  t.is(Number(eventsAfter[0]!.n), Number(eventsBefore[0]!.n), 'A wrote no event after it woke');
  for (const row of await owners(cluster.db, before.filter((r) => r.status === 'active').map((r) => r.id))) t.not(row.owner, ownerA, `${row.id} is no longer A's`);
});
