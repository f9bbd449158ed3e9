import type { TimersRepository } from '../../storage/repositories/timers.js';
import type { Clock } from '../clock.js';

export type TimerHandler = (timer: { kind: string; key: string; dueAt: string; payload: unknown }) => Promise<void> | void;

export interface SchedulerOptions {
  repo: TimersRepository;
  clock: Clock;
  /** This process's name in claims. */
  node: string;
  onError(error: unknown, message: string): void;
  /** How often the poller looks for due rows. */
  pollMs?: number;
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
 * idempotent.
 */
export function createScheduler(options: SchedulerOptions) {
  const { repo, clock, node } = options;
  const pollMs = options.pollMs ?? 250;
  const claimMs = options.claimMs ?? 60_000;
  const retryMs = options.retryMs ?? 5_000;
  const batchSize = options.batchSize ?? 100;
  const handlers = new Map<string, TimerHandler>();
  let interval: NodeJS.Timeout | undefined;
  let running: Promise<number> | null = null;

  async function fire(): Promise<number> {
    const now = clock.now();
    const nowIso = now.toISOString();
    const until = new Date(now.getTime() + claimMs).toISOString();
    const due = options.skipLocked ? await repo.claimDue([...handlers.keys()], nowIso, node, until, batchSize) : await repo.listDue(nowIso, batchSize);
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
        if (running) return;
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

export type Scheduler = ReturnType<typeof createScheduler>;
