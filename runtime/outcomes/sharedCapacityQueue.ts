import type { CapacityLineRepository, CapacitySnapshot } from '../../storage/repositories/capacityLine.js';
import type { Clock } from '../clock.js';
import type { ClusterSignals } from '../events/clusterSignals.js';
import type { CapacityQueue } from './capacityQueue.js';
import { createCapacityLineView } from './capacityLineView.js';
import { capacityTopic, readCapacityNotice, sendCapacityNotices } from './capacityNotices.js';
import { createCapacitySweep } from './capacitySweep.js';
import { createCapacityWrites } from './capacityWrites.js';

export { capacityTopic } from './capacityNotices.js';

export interface SharedCapacityQueueOptions {
  repo: CapacityLineRepository;
  signals: ClusterSignals;
  clock: Clock;
  limitOf(workspaceId: string): number;
  /**
   * Starts a granted outcome on this process (loading it when another process accepted it);
   * false when it no longer wants a slot.
   */
  start(outcomeId: string): boolean | Promise<boolean>;
  /**
   * False on an API-only process (`--no-worker`): its outcomes go in line for any worker (no
   * `node`), and it never takes a slot itself.
   */
  runs?: boolean;
  onError(error: unknown, message: string): void;
  /** How often waiting outcomes of this process look again for a slot whose notice was lost. */
  sweepMs?: number;
  /**
   * How often the sweep also reads the line for outcomes waiting on any worker and frees the
   * slots of outcomes that finished without releasing them (a process died): 5 s by default.
   */
  recoverMs?: number;
  /** Milliseconds of a clock that only moves forward (the recovery's pace); performance.now by default. */
  monotonic?: () => number;
}

/**
 * The concurrency limit and its FIFO counted in the database, for N processes on one Postgres
 * (issue 16): the same contract as `createCapacityQueue` (commands stay synchronous), with the
 * line in `capacity_line`. Per workspace, writes and grants run one at a time in call order. A
 * grant hands free slots to the oldest waiting outcomes of ANY process and tells those processes
 * (a notice); each process starts only the outcomes granted to it. Counts (`runningCount`,
 * `ahead`, ...) answer from the line as last read, updated at once by this process's own calls.
 *
 * Invariant: across every process at most `limit` outcomes of a workspace hold a slot, since a
 * slot is only handed out under the workspace's advisory lock. A database that does not answer
 * delays starts (retried every second), never overfills.
 *
 * This file holds which outcomes of this process want and hold slots, and starts the granted ones;
 * it wires the line as last read (`capacityLineView.ts`), the writes (`capacityWrites.ts`), the
 * notices between processes (`capacityNotices.ts`) and the sweep for lost ones (`capacitySweep.ts`).
 */
/** The shared line; `stop` ends its sweep before the database closes (a shutdown is no failure to report). */
export function createSharedCapacityQueue(options: SharedCapacityQueueOptions): CapacityQueue & { stop(): void } {
  const { signals } = options;
  const node = signals.node;
  const runs = options.runs !== false;
  const view = createCapacityLineView();
  /** Outcomes started on this process (holding a slot here). */
  const started = new Set<string>();
  /** Outcomes of this process waiting for a slot, by workspace. */
  const wanting = new Map<string, Set<string>>();
  const writes = createCapacityWrites(options, node, runs, apply);
  const { enqueue } = writes;

  function apply(workspaceId: string, snapshot: CapacitySnapshot): void {
    view.replace(workspaceId, { running: snapshot.running, waiting: snapshot.waiting });
    sendCapacityNotices(signals, workspaceId, snapshot, runs);
    startGranted(workspaceId, snapshot.mine);
  }

  /** Starts outcomes the line holds a slot for on this process, unless started or released already. */
  function startGranted(workspaceId: string, granted: readonly string[]): void {
    const mine = wanting.get(workspaceId);
    // Released while this snapshot was being read (its removal is still to be written): not ours
    // to start again. A copy stopped by fencing while its grant was in flight would otherwise be
    // loaded back from its row, finished by the process that took it over.
    const released = writes.pendingRemovals(workspaceId);
    for (const outcomeId of granted) {
      if (started.has(outcomeId) || released.has(outcomeId)) continue;
      started.add(outcomeId);
      mine?.delete(outcomeId);
      const result = options.start(outcomeId);
      if (result === true) continue;
      if (result === false) {
        release(workspaceId, outcomeId);
        continue;
      }
      result.then(
        (ok) => {
          if (!ok) release(workspaceId, outcomeId);
        },
        (error: unknown) => {
          options.onError(error, `outcome ${outcomeId} could not be started`);
          release(workspaceId, outcomeId);
        },
      );
    }
  }

  function release(workspaceId: string, outcomeId: string): void {
    started.delete(outcomeId);
    wanting.get(workspaceId)?.delete(outcomeId);
    const line = view.lineOf(workspaceId);
    line.running = line.running.filter((id) => id !== outcomeId);
    line.waiting = line.waiting.filter((id) => id !== outcomeId);
    enqueue(workspaceId, { op: 'remove', outcomeId });
  }

  signals.on(capacityTopic, (payload) => {
    const notice = readCapacityNotice(payload, node);
    if (!notice) return;
    const { workspaceId, granted } = notice;
    if (runs && granted) {
      // Slots granted here by name: start the outcomes this process asked for, with no read of the
      // line (the grant is committed before its notice is sent). Anything else named here (not
      // asked for by this process, or released since) is settled by reading the line, as before.
      const mine = wanting.get(workspaceId);
      const asked = granted.filter((id) => mine?.has(id));
      const line = view.lineOf(workspaceId);
      for (const id of asked) {
        line.waiting = line.waiting.filter((waiting) => waiting !== id);
        if (!line.running.includes(id)) line.running.push(id);
      }
      startGranted(workspaceId, asked);
      if (asked.length < granted.length) enqueue(workspaceId, null);
      return;
    }
    if (notice.to.includes(node) || (runs && notice.to.includes('*'))) enqueue(workspaceId, null);
  });
  const sweep = createCapacitySweep(options, runs, wanting, (workspaceId) => enqueue(workspaceId, null));

  return {
    stop: sweep.stop,
    request(workspaceId: string, outcomeId: string): void {
      let mine = wanting.get(workspaceId);
      if (!mine) wanting.set(workspaceId, (mine = new Set()));
      mine.add(outcomeId);
      const line = view.lineOf(workspaceId);
      if (!line.waiting.includes(outcomeId)) line.waiting.push(outcomeId);
      enqueue(workspaceId, { op: 'request', outcomeId, node: runs ? node : null });
    },
    release,
    occupy(workspaceId: string, outcomeId: string): void {
      started.add(outcomeId);
      const line = view.lineOf(workspaceId);
      if (!line.running.includes(outcomeId)) line.running.push(outcomeId);
      enqueue(workspaceId, { op: 'occupy', outcomeId, node });
    },
    pump(workspaceId: string): void {
      enqueue(workspaceId, null);
    },
    ahead: view.ahead,
    aheadCount: view.aheadCount,
    running: view.running,
    waitingCount: view.waitingCount,
    runningCount: view.runningCount,
  };
}
