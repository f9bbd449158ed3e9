import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Unix seconds when the window resets (X-RateLimit-Reset). */
  resetUnix: number;
  retryAfterSeconds: number;
}

/**
 * Requests per minute, counted per subject (a workspace, or a client address for requests without
 * a valid key). Backed by rate-limiter-flexible; its Postgres or Redis store drops in here for a
 * shared count across nodes. One limiter per distinct limit, since the library fixes points per instance.
 */
export function createRateLimiter(nowMs: () => number = Date.now) {
  const limiters = new Map<number, RateLimiterMemory>();

  function limiterFor(limit: number): RateLimiterMemory {
    let limiter = limiters.get(limit);
    if (!limiter) {
      limiter = new RateLimiterMemory({ points: limit, duration: 60, keyPrefix: `rpm${limit}` });
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
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
