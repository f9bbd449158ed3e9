import type { CapacityLineRepository, CapacitySnapshot, LineChange } from '../../storage/repositories/capacityLine.js';
import type { Clock } from '../clock.js';
import type { ClusterSignals } from '../events/clusterSignals.js';
import type { CapacityQueue } from './capacityQueue.js';

/** Changes written in one transaction at most (bounds a statement's size). */
const maxChangesPerSettle = 500;

/**
 * The cluster topic telling processes that a workspace's line moved; payload `{ w, to, g? }`:
 * the workspace, the processes given slots and, when it fits, the outcomes given slots by process.
 */
export const capacityTopic = 'capacity';

/** Above this the notice names processes only (NOTIFY payloads end at 8000 bytes). */
const maxGrantsChars = 6_000;

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
 */
/** The shared line; `stop` ends its sweep before the database closes (a shutdown is no failure to report). */
export function createSharedCapacityQueue(options: SharedCapacityQueueOptions): CapacityQueue & { stop(): void } {
  const { repo, signals, clock } = options;
  const node = signals.node;
  const runs = options.runs !== false;
  const lines = new Map<string, { running: string[]; waiting: string[] }>();
  /** Outcomes started on this process (holding a slot here). */
  const started = new Set<string>();
  /** Outcomes of this process waiting for a slot, by workspace. */
  const wanting = new Map<string, Set<string>>();
  /** Per workspace: changes not written yet (in call order), whether a grant is wanted, whether one runs. */
  const work = new Map<string, { ops: LineChange[]; pump: boolean; running: boolean }>();
  let retryTimer: NodeJS.Timeout | null = null;

  function lineOf(workspaceId: string) {
    let line = lines.get(workspaceId);
    if (!line) lines.set(workspaceId, (line = { running: [], waiting: [] }));
    return line;
  }

  function workOf(workspaceId: string) {
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

  async function drain(workspaceId: string, entry: ReturnType<typeof workOf>): Promise<void> {
    let batch: LineChange[] = [];
    try {
      while (entry.ops.length > 0 || entry.pump) {
        // Everything asked for since the last write goes in one transaction with the grant: under
        // load one round of a few statements serves many deploys and releases.
        batch = entry.ops.splice(0, maxChangesPerSettle);
        entry.pump = false;
        // An API-only process takes no slot (limit 0): it only reads the line for its counts.
        const snapshot = await repo.settle(workspaceId, batch, runs ? options.limitOf(workspaceId) : 0, node, clock.now().toISOString());
        batch = [];
        apply(workspaceId, snapshot);
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

  function apply(workspaceId: string, snapshot: CapacitySnapshot): void {
    lines.set(workspaceId, { running: snapshot.running, waiting: snapshot.waiting });
    if (snapshot.grantedTo.length > 0) {
      // The notice names the granted outcomes (issue 30), so a process that got slots starts them
      // without reading the line again; a notice too long for NOTIFY names the processes only.
      const named = JSON.stringify(snapshot.grants).length <= maxGrantsChars;
      signals.send(capacityTopic, named ? { w: workspaceId, to: snapshot.grantedTo, g: snapshot.grants } : { w: workspaceId, to: snapshot.grantedTo });
    }
    // Outcomes of an API-only process wait for any worker: tell them.
    if (!runs && snapshot.waiting.length > 0) signals.send(capacityTopic, { w: workspaceId, to: ['*'] });
    startGranted(workspaceId, snapshot.mine);
  }

  /** Starts outcomes the line holds a slot for on this process, unless started or released already. */
  function startGranted(workspaceId: string, granted: readonly string[]): void {
    const mine = wanting.get(workspaceId);
    // Released while this snapshot was being read (its removal is still to be written): not ours
    // to start again. A copy stopped by fencing while its grant was in flight would otherwise be
    // loaded back from its row, finished by the process that took it over.
    const released = new Set((work.get(workspaceId)?.ops ?? []).filter((change) => change.op === 'remove').map((change) => change.outcomeId));
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
    const line = lineOf(workspaceId);
    line.running = line.running.filter((id) => id !== outcomeId);
    line.waiting = line.waiting.filter((id) => id !== outcomeId);
    enqueue(workspaceId, { op: 'remove', outcomeId });
  }

  signals.on(capacityTopic, (payload) => {
    const notice = payload as { w?: unknown; to?: unknown; g?: unknown };
    if (typeof notice?.w !== 'string' || !Array.isArray(notice.to)) return;
    const workspaceId = notice.w;
    const granted = typeof notice.g === 'object' && notice.g !== null ? (notice.g as Record<string, unknown>)[node] : undefined;
    if (runs && Array.isArray(granted) && granted.every((id): id is string => typeof id === 'string')) {
      // Slots granted here by name: start the outcomes this process asked for, with no read of the
      // line (the grant is committed before its notice is sent). Anything else named here (not
      // asked for by this process, or released since) is settled by reading the line, as before.
      const mine = wanting.get(workspaceId);
      const asked = granted.filter((id) => mine?.has(id));
      const line = lineOf(workspaceId);
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
  let stopped = false;
  let lastRecovery = -Infinity;
  const recoverMs = options.recoverMs ?? 5_000;
  const sweepAll = (recover = true) => {
    if (stopped) return;
    for (const [workspaceId, ids] of wanting) if (ids.size > 0) enqueue(workspaceId, null);
    // Outcomes accepted by API-only processes wait for any worker, and slots whose release was
    // lost (a process died) are freed: neither may strand what waits. Both only follow a lost
    // notice or a dead process, so this reads the line less often than the sweep runs (issue 30:
    // two statements a second in every process made the database's work grow with processes).
    const now = options.monotonic?.() ?? performance.now();
    if (runs && (recover || now - lastRecovery >= recoverMs)) {
      lastRecovery = now;
      Promise.all([repo.waitingWorkspaces(), repo.dropFinished()])
        .then(([waiting, freed]) => new Set([...waiting, ...freed]).forEach((workspaceId) => enqueue(workspaceId, null)))
        .catch((error: unknown) => {
          if (!stopped) options.onError(error, 'reading the capacity line failed');
        });
    }
  };
  signals.onResync(() => sweepAll(true));
  // A lost notice must not strand an outcome: what waits here looks again now and then.
  const sweep = setInterval(() => sweepAll(false), options.sweepMs ?? 1_000);
  sweep.unref();

  return {
    stop(): void {
      stopped = true;
      clearInterval(sweep);
    },
    request(workspaceId: string, outcomeId: string): void {
      let mine = wanting.get(workspaceId);
      if (!mine) wanting.set(workspaceId, (mine = new Set()));
      mine.add(outcomeId);
      const line = lineOf(workspaceId);
      if (!line.waiting.includes(outcomeId)) line.waiting.push(outcomeId);
      enqueue(workspaceId, { op: 'request', outcomeId, node: runs ? node : null });
    },
    release,
    occupy(workspaceId: string, outcomeId: string): void {
      started.add(outcomeId);
      const line = lineOf(workspaceId);
      if (!line.running.includes(outcomeId)) line.running.push(outcomeId);
      enqueue(workspaceId, { op: 'occupy', outcomeId, node });
    },
    pump(workspaceId: string): void {
      enqueue(workspaceId, null);
    },
    ahead(workspaceId: string, outcomeId: string): string[] {
      const line = lines.get(workspaceId)?.waiting ?? [];
      const index = line.indexOf(outcomeId);
      return index < 0 ? [...line] : line.slice(0, index);
    },
    aheadCount(workspaceId: string, outcomeId: string): number {
      const line = lines.get(workspaceId)?.waiting;
      if (!line) return 0;
      const index = line.indexOf(outcomeId);
      return index < 0 ? line.length : index;
    },
    running: (workspaceId: string): string[] => [...(lines.get(workspaceId)?.running ?? [])],
    waitingCount: (workspaceId: string) => lines.get(workspaceId)?.waiting.length ?? 0,
    runningCount: (workspaceId: string) => lines.get(workspaceId)?.running.length ?? 0,
  };
}
