import { createRequire } from 'node:module';
import type * as IoRedis from 'ioredis';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Db } from '../storage/db.js';
import { createRateLimitWindows } from './rateLimitWindows.js';

// ioredis (about 35 modules, 0.09 CPU-s to load) is loaded only where CREWD_REDIS_URL is set: every
// other process (and every test file or crewd child that starts the service) never needs it. Its
// CommonJS build keeps the limiter's construction synchronous.
const require = createRequire(import.meta.url);
const loadRedis = (): typeof IoRedis => require('ioredis');

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Unix seconds when the window resets (X-RateLimit-Reset). */
  resetUnix: number;
  retryAfterSeconds: number;
}

/**
 * Where the per-minute counts live: this process's memory (SQLite: one process), the database's
 * `rate_limits` table (Postgres: one count for every process), or Redis (`CREWD_REDIS_URL`).
 */
export type RateLimitStore = { kind: 'memory' } | { kind: 'postgres'; db: Db } | { kind: 'redis'; url: string };

/**
 * Requests per minute, counted per subject (a workspace, or a client address for requests without
 * a valid key).
 * - In memory (one process), fixed one-minute windows (runtime/rateLimitWindows.ts): the request
 *   path's hot case, a Map lookup instead of a library promise per request. A window is per
 *   (limit, subject), so a changed plan limit starts a fresh count.
 * - With a shared store, rate-limiter-flexible's Postgres or Redis limiter, one per distinct limit
 *   (the library fixes points per instance), so every process spends one budget; while that store
 *   does not answer (a database restart) each process counts in memory instead (the library's
 *   insurance limiter), so requests are neither refused nor left uncounted. Requests of one subject
 *   arriving in the same event-loop turn, or while one of theirs is in flight, share one round trip
 *   (see `subjects`).
 */
export function createRateLimiter(nowMs: () => number = Date.now, store: RateLimitStore = { kind: 'memory' }): RateLimiter {
  const close = async (): Promise<void> => {
    if (redis) await redis.quit().catch(() => redis.disconnect());
  };
  const redis = store.kind === 'redis' ? new (loadRedis().Redis)(store.url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false }) : undefined;
  // ioredis reports a lost connection as an error event; it reconnects by itself.
  redis?.on('error', () => undefined);

  if (store.kind === 'memory') {
    const windows = createRateLimitWindows(nowMs);
    const consumeNow = (subject: string, limit: number): RateLimitDecision => {
      const window = windows.consume(`${limit}:${subject}`);
      return decide(window.used, window.endsAtMs, limit);
    };
    const decide = (used: number, endsAtMs: number, limit: number): RateLimitDecision => {
      const allowed = used <= limit;
      const msBeforeNext = Math.max(0, endsAtMs - nowMs());
      return { allowed, limit, remaining: allowed ? limit - used : 0, resetUnix: Math.ceil(endsAtMs / 1000), retryAfterSeconds: Math.max(1, Math.ceil(msBeforeNext / 1000)) };
    };
    return {
      /** Where the counts live (operators, /readyz-style reports, tests). */
      store: store.kind,
      async consume(subject: string, limit: number): Promise<RateLimitDecision> {
        return consumeNow(subject, limit);
      },
      /** `consume` without a promise: set only where counts live in this process's memory. */
      consumeNow,
      /** Current state without spending a request (GET /v1/auth/verify reports it). */
      async peek(subject: string, limit: number): Promise<RateLimitDecision> {
        const window = windows.peek(`${limit}:${subject}`);
        if (!window) return { allowed: true, limit, remaining: limit, resetUnix: Math.ceil((nowMs() + 60_000) / 1000), retryAfterSeconds: 0 };
        return { ...decide(window.used, window.endsAtMs, limit), allowed: window.used <= limit };
      },
      close,
    };
  }

  const limiters = new Map<number, RateLimiterAbstract>();
  function create(limit: number): RateLimiterAbstract {
    const options = { points: limit, duration: 60, keyPrefix: `rpm${limit}` };
    const insuranceLimiter = new RateLimiterMemory(options);
    if (store.kind === 'redis') return new RateLimiterRedis({ ...options, storeClient: redis, insuranceLimiter });
    // The table is created by migration 030; its expired rows are swept by the library.
    return new RateLimiterPostgres({ ...options, storeClient: (store as { db: Db }).db, storeType: 'knex', tableName: 'rate_limits', tableCreated: true, insuranceLimiter });
  }
  function limiterFor(limit: number): RateLimiterAbstract {
    let limiter = limiters.get(limit);
    if (!limiter) {
      limiter = create(limit);
      limiters.set(limit, limiter);
    }
    return limiter;
  }
  function decide(res: RateLimiterRes, limit: number, allowed: boolean, remainingPoints = res.remainingPoints): RateLimitDecision {
    const msBeforeNext = Math.max(0, res.msBeforeNext);
    return {
      allowed,
      limit,
      remaining: Math.max(0, allowed ? remainingPoints : 0),
      resetUnix: Math.ceil((nowMs() + msBeforeNext) / 1000),
      retryAfterSeconds: Math.max(1, Math.ceil(msBeforeNext / 1000)),
    };
  }
  /**
   * Requests of one subject share round trips, as ticks share commits: at most one round trip per
   * subject is in flight; requests arriving in the same event-loop turn, or while it is in flight,
   * go together in the next one, spending `k` points at once, and the i-th of them is allowed when
   * the count after the first i stays within the limit. The store adds the points atomically, so
   * the count stays exact across processes (61 requests on 60 a minute give exactly one 429
   * wherever they land). Under load a process then sends a round trip per subject per round-trip
   * time, not per turn: fewer of them the fewer requests each of N processes gets (issue 30 item 2).
   */
  interface Waiter {
    resolve(decision: RateLimitDecision): void;
    reject(error: unknown): void;
  }
  const subjects = new Map<string, { subject: string; limit: number; waiters: Waiter[]; inFlight: boolean }>();
  let flushScheduled = false;
  function send(key: string): void {
    const batch = subjects.get(key)!;
    const waiters = batch.waiters;
    batch.waiters = [];
    batch.inFlight = true;
    const { subject, limit } = batch;
    const points = waiters.length;
    const settle = (res: RateLimiterRes) => {
      const before = res.consumedPoints - points;
      waiters.forEach((waiter, i) => {
        const used = before + i + 1;
        waiter.resolve(decide(res, limit, used <= limit, limit - used));
      });
    };
    const done = () => {
      batch.inFlight = false;
      // What arrived meanwhile has waited one round trip already: it goes at once.
      if (batch.waiters.length > 0) send(key);
      else subjects.delete(key);
    };
    limiterFor(limit)
      .consume(subject, points)
      .then(settle, (rejection: unknown) => {
        if (rejection instanceof RateLimiterRes) return settle(rejection);
        for (const waiter of waiters) waiter.reject(rejection);
      })
      .finally(done);
  }
  function flush(): void {
    flushScheduled = false;
    for (const [key, batch] of subjects) if (!batch.inFlight && batch.waiters.length > 0) send(key);
  }
  return {
    store: store.kind,
    consumeNow: undefined as ((subject: string, limit: number) => RateLimitDecision) | undefined,
    consume(subject: string, limit: number): Promise<RateLimitDecision> {
      return new Promise((resolve, reject) => {
        const key = `${limit}:${subject}`;
        let batch = subjects.get(key);
        if (!batch) subjects.set(key, (batch = { subject, limit, waiters: [], inFlight: false }));
        batch.waiters.push({ resolve, reject });
        if (!batch.inFlight && !flushScheduled) {
          flushScheduled = true;
          setImmediate(flush);
        }
      });
    },
    async peek(subject: string, limit: number): Promise<RateLimitDecision> {
      const res = await limiterFor(limit).get(subject);
      if (!res) return { allowed: true, limit, remaining: limit, resetUnix: Math.ceil((nowMs() + 60_000) / 1000), retryAfterSeconds: 0 };
      return decide(res, limit, res.remainingPoints >= 0);
    },
    /** Closes the Redis connection, if any (the database is closed by its owner). */
    close,
  };
}

/** Per-subject request counting (the rate-limit middleware, GET /v1/auth/verify). */
export interface RateLimiter {
  /** Where the counts live (operators, /readyz-style reports, tests). */
  store: RateLimitStore['kind'];
  /** Spends one request of `subject` against its `limit`. */
  consume(subject: string, limit: number): Promise<RateLimitDecision>;
  /** `consume` without a promise: set only where counts live in this process's memory. */
  consumeNow: ((subject: string, limit: number) => RateLimitDecision) | undefined;
  /** Current state without spending a request (GET /v1/auth/verify reports it). */
  peek(subject: string, limit: number): Promise<RateLimitDecision>;
  /** Closes the Redis connection, if any (the database is closed by its owner). */
  close: () => Promise<void>;
}
