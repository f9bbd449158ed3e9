import type { CapacityLineRepository, CapacitySnapshot, LineChange } from '../../storage/repositories/capacityLine.js';
import type { Clock } from '../clock.js';

/** Changes written in one transaction at most (bounds a statement's size). */
const maxChangesPerSettle = 500;

/** What the writes need from the shared queue's options (read at each settle, as given). */
export interface CapacityWritesOptions {
  repo: Pick<CapacityLineRepository, 'settle'>;
  clock: Clock;
  limitOf(workspaceId: string): number;
  onError(error: unknown, message: string): void;
}

/**
 * The writes of the shared capacity line, per workspace: changes queue in call order and each
 * round writes them (at most `maxChangesPerSettle`) in one transaction with the grant that
 * follows (`repo.settle`). Invariants: one round at a time per workspace, started after the
 * current turn (never from inside a transition); a failed round writes nothing, so its changes
 * go first again, in order, retried every second until the database answers.
 */
export interface CapacityWrites {
  /** Queues `op` (none: only a grant is wanted) and starts a round unless one runs. */
  enqueue(workspaceId: string, op: LineChange | null): void;
  /** Outcomes whose removal from the workspace's line is queued, not yet written. */
  pendingRemovals(workspaceId: string): Set<string>;
}

/** A workspace's writes: changes not written yet (in call order), whether a grant is wanted, whether a round runs. */
interface WorkEntry {
  ops: LineChange[];
  pump: boolean;
  running: boolean;
}

/**
 * `node` and `runs` name this process in the line (an API-only process settles with limit 0: it
 * takes no slot and only reads the line); `settled` gets each round's snapshot.
 */
export function createCapacityWrites(options: CapacityWritesOptions, node: string, runs: boolean, settled: (workspaceId: string, snapshot: CapacitySnapshot) => void): CapacityWrites {
  const work = new Map<string, WorkEntry>();
  let retryTimer: NodeJS.Timeout | null = null;

  function workOf(workspaceId: string): WorkEntry {
    let entry = work.get(workspaceId);
    if (!entry) work.set(workspaceId, (entry = { ops: [], pump: false, running: false }));
    return entry;
  }

  function enqueue(workspaceId: string, op: LineChange | null): void {
    const entry = workOf(workspaceId);
    if (op) entry.ops.push(op);
    entry.pump = true;
    if (!entry.running) {
      entry.running = true;
      // Never start another actor from inside a transition: run after the current one.
      queueMicrotask(() => void drain(workspaceId, entry));
    }
  }

  async function drain(workspaceId: string, entry: WorkEntry): Promise<void> {
    let batch: LineChange[] = [];
    try {
      while (entry.ops.length > 0 || entry.pump) {
        // Everything asked for since the last write goes in one transaction with the grant: under
        // load one round of a few statements serves many deploys and releases.
        batch = entry.ops.splice(0, maxChangesPerSettle);
        entry.pump = false;
        // An API-only process takes no slot (limit 0): it only reads the line for its counts.
        const snapshot = await options.repo.settle(workspaceId, batch, runs ? options.limitOf(workspaceId) : 0, node, options.clock.now().toISOString());
        batch = [];
        settled(workspaceId, snapshot);
      }
    } catch (error) {
      options.onError(error, `capacity line of ${workspaceId} not updated; retrying`);
      // Nothing of the failed transaction was written: its changes go first again, in order.
      entry.ops.unshift(...batch);
      entry.pump = true;
      retryLater();
    } finally {
      entry.running = false;
      if (work.get(workspaceId) === entry && entry.ops.length === 0 && !entry.pump) work.delete(workspaceId);
    }
  }

  function retryLater(): void {
    if (retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      for (const [workspaceId, entry] of work) if (!entry.running && (entry.pump || entry.ops.length > 0)) enqueue(workspaceId, null);
    }, 1_000);
    retryTimer.unref();
  }

  return {
    enqueue,
    pendingRemovals: (workspaceId: string) => new Set((work.get(workspaceId)?.ops ?? []).filter((change) => change.op === 'remove').map((change) => change.outcomeId)),
  };
}
