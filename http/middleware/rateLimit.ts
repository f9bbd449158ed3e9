import { errors } from '../../runtime/errors.js';
import type { RateLimitDecision, RateLimiter } from '../../runtime/rateLimiter.js';
import type { RequestContext } from '../context.js';

function setHeaders(ctx: RequestContext, decision: RateLimitDecision): void {
  ctx.set('X-RateLimit-Limit', String(decision.limit));
  ctx.set('X-RateLimit-Remaining', String(decision.remaining));
  ctx.set('X-RateLimit-Reset', String(decision.resetUnix));
}

/**
 * Counts every request per minute: against its workspace's plan when the key is valid, else against
 * the client address at `anonymousLimit`, so even 401s carry X-RateLimit-* and floods get 429.
 * Probes (`probes`: /healthz, /readyz) carry the address bucket's headers too, but are not counted
 * and never refused, so a busy orchestrator cannot rate-limit its own health checks. Returns a
 * promise only when the counts live outside this process (Postgres, Redis).
 */
export function rateLimiting(limiter: RateLimiter, anonymousLimit: number, probes: Set<string>): (ctx: RequestContext) => void | Promise<void> {
  const apply = (ctx: RequestContext, decision: RateLimitDecision): void => {
    ctx.state.rateLimit = decision;
    setHeaders(ctx, decision);
    if (!decision.allowed) throw errors.rateLimited(decision.retryAfterSeconds, decision.limit);
  };
  // Workspace subjects are built once per workspace row (rows are cached with their key).
  const subjects = new WeakMap<object, string>();
  const subjectOf = (workspace: { id: string }): string => {
    let subject = subjects.get(workspace);
    if (subject === undefined) subjects.set(workspace, (subject = `ws:${workspace.id}`));
    return subject;
  };
  return (ctx) => {
    if (probes.has(ctx.path)) return limiter.peek(`ip:${ctx.ip}`, anonymousLimit).then((decision) => setHeaders(ctx, decision));
    const auth = ctx.state.auth;
    const subject = auth ? subjectOf(auth.workspace) : `ip:${ctx.ip}`;
    const limit = auth ? auth.workspace.requests_per_minute : anonymousLimit;
    if (limiter.consumeNow) return apply(ctx, limiter.consumeNow(subject, limit));
    return limiter.consume(subject, limit).then((decision) => apply(ctx, decision));
  };
}
