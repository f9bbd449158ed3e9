import { postgresTest } from '../helpers/postgres.js';
import { allCompleted, completedOnce, deploy, leaseCluster, owners, underWay } from './leasesCluster.js';
import { until } from '../helpers/until.js';

postgresTest('kill -9 of a process mid-run: the other process takes over every outcome it owned and completes each once', async (t) => {
  const cluster = await leaseCluster(t, { CREWD_LEASE_MS: '1500', CREWD_LOCAL_MODEL_DELAY_MS: '150' });
  const a = await cluster.start();
  const b = await cluster.start();
  const ids = await deploy(t, a, 12);
  await underWay(a, ids[0]!);
  // B runs beside A: it takes none of A's actors while A's leases hold.
  const before = await owners(cluster.db, ids);
  const ownerA = before[0]!.owner;
  t.truthy(ownerA);
  t.true(before.every((row) => row.owner === ownerA), 'every outcome deployed through A is A\'s');

  await cluster.stop(a.child, 'SIGKILL');
  const killedAt = Date.now();
  // What A left unfinished, read once A is dead: an outcome A finished between the read above and
  // the kill is not B's to take (waiting for it would wait forever).
  const taken = (await owners(cluster.db, ids)).filter((row) => row.status === 'active' && row.owner === ownerA).map((row) => row.id);
  t.true(taken.length > 0, 'some outcomes are unfinished when A dies');
  await until(async () => !(await owners(cluster.db, taken)).some((row) => row.owner === ownerA), "B holds A's unfinished outcomes", { everyMs: 20, timeoutMs: 120_000 });
  t.log(`B held all ${taken.length} of A's unfinished outcomes ${Date.now() - killedAt} ms after kill -9 (lease 1500 ms)`);
  await allCompleted(t, b, ids);
  await completedOnce(t, cluster.db, ids);
  for (const row of await owners(cluster.db, taken)) {
    t.not(row.owner, ownerA, `${row.id} was taken over`);
    t.true(row.epoch > before.find((r) => r.id === row.id)!.epoch, `${row.id}: the takeover bumped the epoch`);
  }
});
