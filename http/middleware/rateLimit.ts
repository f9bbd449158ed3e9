import type { Middleware } from 'koa';
import { errors } from '../../runtime/errors.js';
import type { RateLimiter } from '../../runtime/rateLimiter.js';
import type { AppState } from '../context.js';

/**
 * Counts every request per minute: against its workspace's plan when the key is valid, else against
 * the client address at `anonymousLimit`, so even 401s carry X-RateLimit-* and floods get 429.
 */
export function rateLimit(limiter: RateLimiter, anonymousLimit: number, exempt: Set<string>): Middleware<AppState> {
  return async (ctx, next) => {
    if (exempt.has(ctx.path)) return next();
    const auth = ctx.state.auth;
    const decision = auth
      ? await limiter.consume(`ws:${auth.workspace.id}`, auth.workspace.requests_per_minute)
      : await limiter.consume(`ip:${ctx.ip}`, anonymousLimit);
    ctx.state.rateLimit = decision;
    ctx.set('X-RateLimit-Limit', String(decision.limit));
    ctx.set('X-RateLimit-Remaining', String(decision.remaining));
    ctx.set('X-RateLimit-Reset', String(decision.resetUnix));
    if (!decision.allowed) throw errors.rateLimited(decision.retryAfterSeconds, decision.limit);
    await next();
  };
}
