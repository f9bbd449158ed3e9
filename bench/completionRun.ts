import { performance } from 'node:perf_hooks';
import type { Runtime } from '../app/createRuntime.js';
import type { WorkspaceRow } from '../storage/repositories/workspaces.js';

export interface CompletionFigures {
  perSecond: number;
  cpuMsPerOutcome: number;
  failed: number;
}

/**
 * Outcomes completed per second: `warmUp` outcomes first (JIT, worker threads, SQLite page cache),
 * then `count` timed from the first deploy to the last `outcome.completed` published (after its
 * commit); and the process's CPU (all threads) per outcome over the same window, which machine
 * load disturbs far less than the rate.
 */
export async function completionRun(
  runtime: Runtime,
  workspace: WorkspaceRow,
  deployMany: (runtime: Runtime, workspace: WorkspaceRow, count: number) => Promise<string[]>,
  warmUp: number,
  count: number,
): Promise<CompletionFigures> {
  let completed = 0;
  let target = warmUp;
  let resolveDone!: () => void;
  let done = new Promise<void>((resolve) => (resolveDone = resolve));
  const unsubscribe = runtime.eventBus.subscribe((events) => {
    for (const event of events) if (event.kind === 'outcome.completed') completed += 1;
    if (completed >= target) resolveDone();
  });
  await deployMany(runtime, workspace, warmUp);
  await done;
  done = new Promise<void>((resolve) => (resolveDone = resolve));
  target = warmUp + count;
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  await deployMany(runtime, workspace, count);
  await done;
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  unsubscribe();
  const failed = await runtime.repos.outcomes.countByStatus(workspace.id, ['failed']);
  return { perSecond: count / seconds, cpuMsPerOutcome: (cpu.user + cpu.system) / 1000 / count, failed };
}
