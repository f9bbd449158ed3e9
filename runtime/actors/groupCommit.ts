import { flushTick } from './flushTick.js';
import { isolateActor } from './isolateActor.js';
import { isEmptyTick, newPendingTick, pendingActor, prependTick, type PendingActor, type PendingTick } from './pendingTick.js';
import type { TickRows } from './tickRows.js';
import { tickUnitOf } from './tickUnit.js';
import type { GroupCommitDeps } from './types.js';
import type { CreditGuard } from './writeTick.js';
import { HostStoppedError } from './designedStops.js';

/** What `/readyz` and `/metrics` read: is the host keeping up with its work? */
export interface ActorHostHealth {
  /** When the oldest uncommitted work arrived (ISO), or null when nothing waits. */
  pendingSince: string | null;
  /** When a tick last committed (ISO), or null before the first. */
  lastCommitAt: string | null;
  /** Flushes that failed since start (each retry counts). */
  flushFailures: number;
}

export type { CommitActor, GroupCommitDeps } from './types.js';

/**
 * The actor host's write path: collects the work of a tick (dirty actors, their emitted events,
 * staged rows, command groups) and writes it in one transaction per tick, with group commit,
 * isolation of units that can never be stored, backoff on passing failures, and publication of
 * the committed events. One instance per host.
 */
export function createGroupCommit(deps: GroupCommitDeps): GroupCommit {
  const { db, repos, clock } = deps;
  let pending = newPendingTick();
  let flushingSince: number | null = null;
  let scheduled = false;
  let flushing = false;
  let closed = false;
  const health = { lastCommitAt: null as string | null, flushFailures: 0 };
  const baseDelay = deps.retryDelayMs ?? 200;
  const maxDelay = deps.maxRetryDelayMs ?? 5_000;

  function schedule(): void {
    if (scheduled || flushing || closed) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      void drain();
    });
  }

  function mark(id: string): PendingActor {
    return pendingActor(pending, id, clock.now().getTime());
  }

  async function flushOnce(current: PendingTick): Promise<boolean> {
    const now = clock.now().toISOString();
    // Every transaction of the flush sends its own events' notices to the other processes.
    const result = await flushTick({ db, repos, writers: deps.writers, unitOf: tickUnitOf(deps.liveActor, now), notices: deps.eventBus.notices, ...(deps.fence ? { fence: deps.fence } : {}) }, current);
    if (result.events.length > 0) deps.eventBus.publish(result.events, true);
    for (const id of result.fenced) deps.lost?.(id);
    for (const failure of result.failed) await isolateActor(deps, failure.id, failure.error, now);
    if (result.retry) {
      health.flushFailures += 1;
      deps.onError(result.retryError, 'actor host flush failed; retrying');
      pending = prependTick(result.retry, pending);
      return false;
    }
    if (result.failed.length > 0) health.flushFailures += 1;
    health.lastCommitAt = clock.now().toISOString();
    for (const waiter of current.waiters) waiter.resolve();
    for (const id of current.actors.keys()) {
      const entry = deps.liveActor(id);
      if (!entry || pending.actors.get(id)?.dirty) continue;
      // At rest and nothing new to write: let it go, then tell its definition what was stored.
      const snapshot = entry.getSnapshot();
      if (!entry.def.atRest(snapshot)) continue;
      deps.release(id);
      entry.def.onStoredAtRest?.(id, snapshot);
    }
    return true;
  }

  async function drain(): Promise<void> {
    if (flushing) return;
    flushing = true;
    let failures = 0;
    try {
      while (!isEmptyTick(pending)) {
        const current = pending;
        pending = newPendingTick();
        flushingSince = current.since;
        if (await flushOnce(current)) {
          failures = 0;
          // What the commit released (a deploy's answer and its caller's next command, actors that
          // go on) runs in the microtasks after it; one turn later all of it is pending, so it is
          // written by the next tick, not the one after (fewer, fuller transactions under load).
          flushingSince = null;
          await new Promise<void>((resolve) => setImmediate(resolve));
          continue;
        }
        if (closed) break;
        failures += 1;
        await new Promise((resolve) => setTimeout(resolve, Math.min(maxDelay, baseDelay * 2 ** (failures - 1))));
      }
    } finally {
      flushingSince = null;
      flushing = false;
      if (!isEmptyTick(pending)) schedule();
    }
  }

  return {
    /** The pending entry of actor `id` (marks it dirty, collects its events); schedules a flush. */
    touch(id: string): PendingActor {
      const entry = mark(id);
      schedule();
      return entry;
    },
    stage(id: string, rows: TickRows): void {
      mark(id).rows.push(rows);
      schedule();
    },
    /**
     * Writes a command's rows in the next tick, as one group: true once committed, false when
     * `credits` could not be taken (nothing written); rejects when the rows cannot be stored.
     */
    commit(rows: TickRows, credits?: CreditGuard): Promise<boolean> {
      if (closed) return Promise.reject(new HostStoppedError());
      return new Promise<boolean>((resolve, reject) => {
        pending.groups.push({ rows, ...(credits ? { credits } : {}), done: (result) => (result.stored ? resolve(true) : result.refused ? resolve(false) : reject(result.error)) });
        pending.since ??= clock.now().getTime();
        schedule();
      });
    },
    /** Resolves once everything queued so far (and anything queued with it) is committed. */
    flushed(): Promise<void> {
      if (closed) return Promise.reject(new HostStoppedError());
      return new Promise<void>((resolve, reject) => {
        pending.waiters.push({ resolve, reject });
        schedule();
      });
    },
    health(): ActorHostHealth {
      const since = Math.min(flushingSince ?? Infinity, pending.since ?? Infinity);
      return { pendingSince: since === Infinity ? null : new Date(since).toISOString(), lastCommitAt: health.lastCommitAt, flushFailures: health.flushFailures };
    },
    /** Writes what is pending (at most `timeoutMs`), then refuses all further work. */
    async close(timeoutMs = 10_000): Promise<void> {
      if (closed) return;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        new Promise<void>((resolve, reject) => {
          pending.waiters.push({ resolve, reject });
          void drain();
        }),
        new Promise<void>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`the final flush did not finish in ${timeoutMs / 1000} s`)), timeoutMs);
        }),
      ]).catch((error) => deps.onError(error, 'final flush failed'));
      clearTimeout(timer);
      closed = true;
      for (const waiter of pending.waiters) waiter.reject(new HostStoppedError());
      for (const group of pending.groups) group.done({ stored: false, refused: false, error: new HostStoppedError() });
      pending = newPendingTick();
    },
    get closed(): boolean {
      return closed;
    },
  };
}

export interface GroupCommit {
  /** The pending entry of actor `id` (marks it dirty, collects its events); schedules a flush. */
  touch(id: string): PendingActor;
  stage(id: string, rows: TickRows): void;
  /**
   * Writes a command's rows in the next tick, as one group: true once committed, false when
   * `credits` could not be taken (nothing written); rejects when the rows cannot be stored.
   */
  commit(rows: TickRows, credits?: CreditGuard): Promise<boolean>;
  /** Resolves once everything queued so far (and anything queued with it) is committed. */
  flushed(): Promise<void>;
  health(): ActorHostHealth;
  /** Writes what is pending (at most `timeoutMs`), then refuses all further work. */
  close(timeoutMs?: number): Promise<void>;
  readonly closed: boolean;
}
