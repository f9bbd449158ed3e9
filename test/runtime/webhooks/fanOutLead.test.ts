import { createPostgresSignals } from '../../../runtime/events/clusterSignals.js';
import { createFanOutLead } from '../../../runtime/webhooks/fanOutLead.js';
import { createPostgresDatabase, postgresTest } from '../../helpers/postgres.js';
import { until } from '../../helpers/until.js';

// Issue 30: the process that moves the fan-out's cursor says so, and the others leave the fan-out
// to it; of two that hear of each other exactly one yields, and a silent one is left after yieldMs.
postgresTest('two processes that both moved the cursor: the one behind yields, the one ahead keeps fanning out, and neither yields once the other is silent', async (t) => {
  const pg = await createPostgresDatabase();
  let now = 1_000;
  const monotonic = { now: () => now };
  const a = createPostgresSignals({ connectionString: pg.url, node: 'node_a', onError: (error) => t.fail(String(error)) });
  const b = createPostgresSignals({ connectionString: pg.url, node: 'node_b', onError: (error) => t.fail(String(error)) });
  t.teardown(async () => {
    await a.close();
    await b.close();
    await pg.drop();
  });
  await a.start();
  await b.start();
  const leadA = createFanOutLead({ signals: a, monotonic, yieldMs: 500 });
  const leadB = createFanOutLead({ signals: b, monotonic, yieldMs: 500 });

  t.false(leadA.othersLead(), 'nobody has moved the cursor yet');
  // Alone (no other process heard from): nothing is announced. A notice B sends after it arrives
  // after it too (one connection, in order), so when that one is there, a cursor notice would be.
  let probed = false;
  a.on('probe', () => (probed = true));
  leadB.moved(5, false);
  b.send('probe', 1);
  await until(() => probed, 'A receives the notice B sent after its unannounced move');
  t.false(leadA.othersLead(), 'a move made alone is not announced');
  now += 200;
  leadA.moved(10, true);
  await until(() => leadB.othersLead(), 'B hears that A moved the cursor');
  t.false(leadA.othersLead(), 'its own move does not make A yield');

  // B had moved too (a race both passes started before hearing of the other), further than A.
  now += 200; // past the notice pace, so B's move is announced
  leadB.moved(25, true);
  await until(() => leadA.othersLead(), 'A hears of a move further than its own');
  t.false(leadB.othersLead(), 'B is ahead of what it heard from A: it keeps fanning out');

  // B stops (killed, paused, idle): after yieldMs without a notice A fans out again.
  now += 500;
  t.false(leadA.othersLead(), 'A takes the fan-out back once B is silent for yieldMs');
  leadA.close();
  leadB.close();
});
