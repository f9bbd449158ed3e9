import type { CapacityLineRepository } from '../../storage/repositories/capacityLine.js';
import type { ClusterSignals } from '../events/clusterSignals.js';

/** What the sweep needs from the shared queue's options. */
export interface CapacitySweepOptions {
  repo: Pick<CapacityLineRepository, 'recover'>;
  signals: Pick<ClusterSignals, 'onResync'>;
  onError(error: unknown, message: string): void;
  /** How often waiting outcomes of this process look again for a slot whose notice was lost: 1 s by default. */
  sweepMs?: number;
  /** How often the sweep also reads the line for what waits on any worker and frees dead processes' slots: 5 s by default. */
  recoverMs?: number;
  /** Milliseconds of a clock that only moves forward (the recovery's pace); performance.now by default. */
  monotonic?: () => number;
}

/** The sweep of the shared line; `stop` ends it before the database closes. */
export interface CapacitySweep {
  stop(): void;
}

/**
 * What keeps a lost notice or a dead process from stranding an outcome of the shared line: every
 * `sweepMs` the workspaces where this process's outcomes wait ask for a grant again; every
 * `recoverMs` (and at once after the signals resync) a worker also reads which workspaces have
 * outcomes waiting on any worker and frees the slots of outcomes that finished without releasing
 * them. Both follow only a lost notice or a dead process, so the line is read less often than the
 * sweep runs (issue 30: two statements a second in every process made the database's work grow
 * with processes). A read that fails after `stop` is a shutdown, not a failure to report.
 */
export function createCapacitySweep(options: CapacitySweepOptions, runs: boolean, wanting: ReadonlyMap<string, ReadonlySet<string>>, pump: (workspaceId: string) => void): CapacitySweep {
  const { repo } = options;
  let stopped = false;
  let lastRecovery = -Infinity;
  const recoverMs = options.recoverMs ?? 5_000;
  const sweepAll = (recover = true) => {
    if (stopped) return;
    for (const [workspaceId, ids] of wanting) if (ids.size > 0) pump(workspaceId);
    const now = options.monotonic?.() ?? performance.now();
    if (runs && (recover || now - lastRecovery >= recoverMs)) {
      lastRecovery = now;
      // One statement: frees dead processes' slots and names what waits on any worker.
      repo
        .recover()
        .then((workspaces) => new Set(workspaces).forEach((workspaceId) => pump(workspaceId)))
        .catch((error: unknown) => {
          if (!stopped) options.onError(error, 'reading the capacity line failed');
        });
    }
  };
  options.signals.onResync(() => sweepAll(true));
  // A lost notice must not strand an outcome: what waits here looks again now and then.
  const sweep = setInterval(() => sweepAll(false), options.sweepMs ?? 1_000);
  sweep.unref();
  return {
    stop(): void {
      stopped = true;
      clearInterval(sweep);
    },
  };
}
