import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Db } from '../storage/db.js';

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
 * a valid key). Backed by rate-limiter-flexible; one limiter per distinct limit, since the library
 * fixes points per instance. With a shared store every process spends one budget; while that
 * store does not answer (a database restart) each process counts in memory instead (the library's
 * insurance limiter), so requests are neither refused nor left uncounted.
 */
export function createRateLimiter(nowMs: () => number = Date.now, store: RateLimitStore = { kind: 'memory' }) {
  const limiters = new Map<number, RateLimiterAbstract>();
  const redis = store.kind === 'redis' ? new Redis(store.url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false }) : undefined;
  // ioredis reports a lost connection as an error event; it reconnects by itself.
  redis?.on('error', () => undefined);

  function create(limit: number): RateLimiterAbstract {
    const options = { points: limit, duration: 60, keyPrefix: `rpm${limit}` };
    if (store.kind === 'memory') return new RateLimiterMemory(options);
    const insuranceLimiter = new RateLimiterMemory(options);
    if (store.kind === 'redis') return new RateLimiterRedis({ ...options, storeClient: redis, insuranceLimiter });
    // The table is created by migration 030; its expired rows are swept by the library.
    return new RateLimiterPostgres({ ...options, storeClient: store.db, storeType: 'knex', tableName: 'rate_limits', tableCreated: true, insuranceLimiter });
  }

  function limiterFor(limit: number): RateLimiterAbstract {
    let limiter = limiters.get(limit);
    if (!limiter) {
      limiter = create(limit);
      limiters.set(limit, limiter);
    }
    return limiter;
  }

  function decide(res: RateLimiterRes, limit: number, allowed: boolean): RateLimitDecision {
    const msBeforeNext = Math.max(0, res.msBeforeNext);
    return {
      allowed,
      limit,
      remaining: Math.max(0, allowed ? res.remainingPoints : 0),
      resetUnix: Math.ceil((nowMs() + msBeforeNext) / 1000),
      retryAfterSeconds: Math.max(1, Math.ceil(msBeforeNext / 1000)),
    };
  }

  return {
    /** Where the counts live (operators, /readyz-style reports, tests). */
    store: store.kind,
    async consume(subject: string, limit: number): Promise<RateLimitDecision> {
      try {
        return decide(await limiterFor(limit).consume(subject, 1), limit, true);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return decide(rejection, limit, false);
        throw rejection;
      }
    },
    /** Current state without spending a request (GET /v1/auth/verify reports it). */
    async peek(subject: string, limit: number): Promise<RateLimitDecision> {
      const res = await limiterFor(limit).get(subject);
      if (!res) return { allowed: true, limit, remaining: limit, resetUnix: Math.ceil((nowMs() + 60_000) / 1000), retryAfterSeconds: 0 };
      return decide(res, limit, res.remainingPoints >= 0);
    },
    /** Closes the Redis connection, if any (the database is closed by its owner). */
    async close(): Promise<void> {
      if (redis) await redis.quit().catch(() => redis.disconnect());
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
