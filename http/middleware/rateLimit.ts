import type { Context, Middleware } from 'koa';
import { errors } from '../../runtime/errors.js';
import type { RateLimitDecision, RateLimiter } from '../../runtime/rateLimiter.js';
import type { AppState } from '../context.js';

function setHeaders(ctx: Context, decision: RateLimitDecision): void {
  ctx.set('X-RateLimit-Limit', String(decision.limit));
  ctx.set('X-RateLimit-Remaining', String(decision.remaining));
  ctx.set('X-RateLimit-Reset', String(decision.resetUnix));
}

/**
 * Counts every request per minute: against its workspace's plan when the key is valid, else against
 * the client address at `anonymousLimit`, so even 401s carry X-RateLimit-* and floods get 429.
 * Probes (`probes`: /healthz, /readyz) carry the address bucket's headers too, but are not counted
 * and never refused, so a busy orchestrator cannot rate-limit its own health checks.
 */
export function rateLimit(limiter: RateLimiter, anonymousLimit: number, probes: Set<string>): Middleware<AppState> {
  return async (ctx, next) => {
    if (probes.has(ctx.path)) {
      setHeaders(ctx, await limiter.peek(`ip:${ctx.ip}`, anonymousLimit));
      return next();
    }
    const auth = ctx.state.auth;
    const decision = auth
      ? await limiter.consume(`ws:${auth.workspace.id}`, auth.workspace.requests_per_minute)
      : await limiter.consume(`ip:${ctx.ip}`, anonymousLimit);
    ctx.state.rateLimit = decision;
    setHeaders(ctx, decision);
    if (!decision.allowed) throw errors.rateLimited(decision.retryAfterSeconds, decision.limit);
    await next();
  };
}
