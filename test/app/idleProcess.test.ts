import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import test from 'ava';
import { serveProcess, stopProcess } from '../helpers/processes.js';
import { tempDir } from '../helpers/server.js';
import { until } from '../helpers/until.js';

/** Times the process's main thread went to sleep and was woken (Linux: /proc/<pid>/status of the thread group leader). */
function mainThreadWakeups(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^voluntary_ctxt_switches:\s+(\d+)/m.exec(status)![1]);
}

// Each process pays its timers whatever its load, so a service that wakes often with nothing to do
// costs every process of a cluster that much more per outcome (issue 30 item 2). prom-client's
// event loop lag sampling alone woke it every 10 ms (about 110 times a second measured).
test('an idle `crewd serve` sleeps: its main thread is woken fewer than 60 times a second', async (t) => {
  if (process.platform !== 'linux') return t.pass('wake-ups are read from /proc (Linux)');
  const dataDir = tempDir();
  const { child } = await serveProcess({ CREWD_DATA_DIR: dataDir });
  t.teardown(async () => {
    await stopProcess(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  // The rate over each window of at least 2 s; the start's own work (migrations, first compiles) settles within the first few.
  let from = { at: performance.now(), wakeups: mainThreadWakeups(child.pid!) };
  let lastRate = Infinity;
  await until(
    () => {
      const now = { at: performance.now(), wakeups: mainThreadWakeups(child.pid!) };
      if (now.at - from.at < 2_000) return false;
      lastRate = ((now.wakeups - from.wakeups) * 1000) / (now.at - from.at);
      from = now;
      return lastRate < 60 ? lastRate : false;
    },
    'an idle crewd serve to be woken fewer than 60 times a second',
    { timeoutMs: 60_000, everyMs: 250 },
  ).catch((error: Error) => {
    throw new Error(`${error.message}: the last window measured ${lastRate.toFixed(0)} a second`);
  });
  t.true(lastRate < 60);
});
