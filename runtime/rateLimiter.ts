import { createRateLimitWindows } from './rateLimitWindows.js';

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
 * a valid key), in fixed one-minute windows held in this process (runtime/rateLimitWindows.ts: the
 * request path's in-memory path, a Map lookup instead of rate-limiter-flexible's promise per
 * request). A window is per (limit, subject), so a changed plan limit starts a fresh count.
 */
export function createRateLimiter(nowMs: () => number = Date.now) {
  const windows = createRateLimitWindows(nowMs);

  function decide(used: number, endsAtMs: number, limit: number): RateLimitDecision {
    const allowed = used <= limit;
    const msBeforeNext = Math.max(0, endsAtMs - nowMs());
    return {
      allowed,
      limit,
      remaining: allowed ? limit - used : 0,
      resetUnix: Math.ceil(endsAtMs / 1000),
      retryAfterSeconds: Math.max(1, Math.ceil(msBeforeNext / 1000)),
    };
  }

  return {
    async consume(subject: string, limit: number): Promise<RateLimitDecision> {
      const window = windows.consume(`${limit}:${subject}`);
      return decide(window.used, window.endsAtMs, limit);
    },
    /** Current state without spending a request (GET /v1/auth/verify reports it). */
    async peek(subject: string, limit: number): Promise<RateLimitDecision> {
      const window = windows.peek(`${limit}:${subject}`);
      if (!window) return { allowed: true, limit, remaining: limit, resetUnix: Math.ceil((nowMs() + 60_000) / 1000), retryAfterSeconds: 0 };
      return { ...decide(window.used, window.endsAtMs, limit), allowed: window.used <= limit };
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
