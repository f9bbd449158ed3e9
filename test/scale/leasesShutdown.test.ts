import { postgresTest } from '../helpers/postgres.js';
import { allCompleted, completedOnce, deploy, leaseCluster, owners, underWay } from './leasesCluster.js';
import { until } from '../helpers/until.js';

postgresTest('SIGTERM releases the leases: the other process takes the outcomes over before they would have expired, and completes each once', async (t) => {
  // A long lease, so "before the leases would have ended" holds however slowly A exits on a loaded
  // machine: A renews every 10 s, so its leases end 20 s or more after it is told to stop, while
  // B claims released rows on its next round (every 10 s). With 12 s the margin was A's exit time
  // under 4 s, which load 20+ exceeded.
  const cluster = await leaseCluster(t, { CREWD_LEASE_MS: '30000', CREWD_LOCAL_MODEL_DELAY_MS: '150' });
  const a = await cluster.start();
  const b = await cluster.start();
  const ids = await deploy(t, a, 12);
  await underWay(a, ids[0]!);
  const before = await owners(cluster.db, ids);
  const ownerA = before[0]!.owner;
  const held = before.filter((row) => row.status === 'active');
  t.true(held.length > 0, 'some outcomes are unfinished when A stops');
  // Without a release, none of these could be taken over before its lease ends.
  const firstExpiry = Math.min(...held.map((row) => Number(row.lease_until)));

  const stoppingAt = Date.now();
  await cluster.stop(a.child, 'SIGTERM');
  t.is(a.child.exitCode, 0);
  const exitedAt = Date.now();
  // Unfinished and nobody's (released) or still A's: not taken over yet.
  const rows = await until(async () => {
    const now = await owners(cluster.db, held.map((row) => row.id));
    return now.some((row) => row.status === 'active' && (row.owner === ownerA || row.owner === null)) ? undefined : now;
  }, "B holds A's unfinished outcomes", { everyMs: 20 });
  t.true(rows.some((row) => row.owner !== ownerA && row.owner !== null), 'B holds what A held');
  t.log(`B held A's unfinished outcomes ${Date.now() - exitedAt} ms after A exited (SIGTERM to exit: ${exitedAt - stoppingAt} ms; lease 30000 ms)`);
  t.true(Date.now() < firstExpiry, `taken over ${firstExpiry - Date.now()} ms before A's leases would have ended`);
  await allCompleted(t, b, ids);
  await completedOnce(t, cluster.db, ids);
});
