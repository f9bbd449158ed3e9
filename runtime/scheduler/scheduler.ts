import type { TimersRepository } from '../../storage/repositories/timers.js';
import type { Clock } from '../clock.js';

export type TimerHandler = (timer: { kind: string; key: string; dueAt: string; payload: unknown }) => Promise<void> | void;

export interface SchedulerOptions {
  repo: TimersRepository;
  clock: Clock;
  /** This process's name in claims. */
  node: string;
  onError(error: unknown, message: string): void;
  /** How often the poller looks whether a due time it knows of has come. */
  pollMs?: number;
  /**
   * How often the poller reads the table even when no timer this process wrote is due: for rows
   * written by other processes (whose writer died) and claims that expired. Issue 30: reading
   * every `pollMs` in every process made the database's work grow with the processes.
   */
  idlePollMs?: number;
  /** Milliseconds of a clock that only moves forward (the idle read's pace); performance.now by default. */
  monotonic?: () => number;
  /** How long a claim holds before another node may take the row (a crashed handler). */
  claimMs?: number;
  /** When a handler throws, the row is due again this much later. */
  retryMs?: number;
  batchSize?: number;
  /**
   * Postgres with other processes: claim due rows in one `FOR UPDATE SKIP LOCKED` statement
   * instead of reading them and claiming each (SQLite keeps the read-then-claim path).
   */
  skipLocked?: boolean;
}

/**
 * Durable timers (DESIGN section 2): long waits are rows, not in-memory delays, so they survive
 * a restart. `schedule(kind, key, dueAt, payload)` creates or moves the timer for (kind, key);
 * `cancel` removes it. A poller fires due rows to the handler registered for their kind. A row is
 * claimed with a conditional update before it fires, so two nodes never both fire it; a row
 * whose handler succeeded is deleted (unless it was rescheduled meanwhile), one whose handler
 * threw is released and due again after `retryMs`. Delivery is at least once: handlers are
 * idempotent. The poller reads the table only when a due time this process wrote has come (the
 * repository tells it each one), or `idlePollMs` after its last read.
 */
export function createScheduler(options: SchedulerOptions): Scheduler {
  const { repo, clock, node } = options;
  const pollMs = options.pollMs ?? 250;
  const claimMs = options.claimMs ?? 60_000;
  const retryMs = options.retryMs ?? 5_000;
  const batchSize = options.batchSize ?? 100;
  const idlePollMs = options.idlePollMs ?? 1_000;
  const monotonic = options.monotonic ?? (() => performance.now());
  const handlers = new Map<string, TimerHandler>();
  let interval: NodeJS.Timeout | undefined;
  let running: Promise<number> | null = null;
  /** The earliest due time (ms) of a row this process wrote since the last read; -Infinity: read now. */
  let knownDue = -Infinity;
  let lastRead = -Infinity;
  options.repo.onDueWritten((dueAt) => {
    knownDue = Math.min(knownDue, Date.parse(dueAt));
  });

  /** Whether the poller should read the table now. */
  function worthReading(): boolean {
    return clock.now().getTime() >= knownDue || monotonic() - lastRead >= idlePollMs;
  }

  async function fire(): Promise<number> {
    // Due times written from here on count for the next read.
    knownDue = Infinity;
    lastRead = monotonic();
    const now = clock.now();
    const nowIso = now.toISOString();
    const until = new Date(now.getTime() + claimMs).toISOString();
    const due = options.skipLocked ? await repo.claimDue([...handlers.keys()], nowIso, node, until, batchSize) : await repo.listDue(nowIso, batchSize);
    // A full batch: more rows may be due already.
    if (due.length === batchSize) knownDue = -Infinity;
    let fired = 0;
    for (const row of due) {
      const handler = handlers.get(row.kind);
      if (!handler) continue;
      if (!options.skipLocked && !(await repo.claim(row.kind, row.key, row.due_at, node, nowIso, until))) continue;
      try {
        await handler({ kind: row.kind, key: row.key, dueAt: row.due_at, payload: row.payload });
        await repo.removeFired(row.kind, row.key, row.due_at);
        fired += 1;
      } catch (error) {
        options.onError(error, `timer ${row.kind}/${row.key} handler failed; due again in ${retryMs} ms`);
        await repo.release(row.kind, row.key, node, new Date(clock.now().getTime() + retryMs).toISOString());
      }
    }
    return fired;
  }

  return {
    /** Registers the handler of a kind; a second handler for the same kind throws. */
    register(kind: string, handler: TimerHandler): void {
      if (handlers.has(kind)) throw new Error(`a timer handler for ${kind} is already registered`);
      handlers.set(kind, handler);
    },
    async schedule(kind: string, key: string, dueAt: Date | string, payload: unknown = null): Promise<void> {
      await repo.upsert({ kind, key, due_at: new Date(dueAt).toISOString(), payload, created_at: clock.now().toISOString() });
    },
    async cancel(kind: string, key: string): Promise<boolean> {
      return (await repo.remove(kind, key)) > 0;
    },
    /** Fires every due timer once now (the poller calls this; tests call it with a manual clock). */
    async fireDue(): Promise<number> {
      if (running) await running.catch(() => 0);
      running = fire();
      try {
        return await running;
      } finally {
        running = null;
      }
    },
    start(): void {
      if (interval) return;
      interval = setInterval(() => {
        if (running || !worthReading()) return;
        running = fire();
        running.catch((error) => options.onError(error, 'timer poll failed')).finally(() => (running = null));
      }, pollMs);
      interval.unref();
    },
    async stop(): Promise<void> {
      if (interval) clearInterval(interval);
      interval = undefined;
      if (running) await running.catch(() => 0);
    },
  };
}

export interface Scheduler {
  /** Registers the handler of a kind; a second handler for the same kind throws. */
  register(kind: string, handler: TimerHandler): void;
  schedule(kind: string, key: string, dueAt: Date | string, payload?: unknown): Promise<void>;
  cancel(kind: string, key: string): Promise<boolean>;
  /** Fires every due timer once now (the poller calls this; tests call it with a manual clock). */
  fireDue(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}
