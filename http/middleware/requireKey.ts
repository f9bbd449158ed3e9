import { ServiceError } from '../../runtime/errors.js';
import { unauthorizedError } from '../bearer.js';
import type { RequestContext } from '../context.js';

/**
 * Refuses with 401 every request without a valid key, except the public paths (a `*` in one matches
 * one path segment). `challenge` may name a `WWW-Authenticate` value for the 401 (the OAuth
 * protected resource /mcp points to its metadata).
 */
export function keyRequirement(publicPaths: Set<string>, challenge?: (ctx: RequestContext) => string | undefined): (ctx: RequestContext) => void {
  // `*` stands for one path segment: `/v1/approval-links/*`, `/a2a/*/.well-known/agent-card.json`.
  const patterns = [...publicPaths].filter((path) => path.includes('*')).map((path) => new RegExp(`^${path.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('[^/]+')}$`));
  const matchesPattern = (path: string) => patterns.some((pattern) => pattern.test(path));
  return (ctx) => {
    if (ctx.state.auth || publicPaths.has(ctx.path) || matchesPattern(ctx.path)) return;
    const error = unauthorizedError(ctx.state.authFailure);
    const value = challenge?.(ctx);
    throw value ? new ServiceError(error.status, error.code, error.message, error.details, { ...error.headers, 'WWW-Authenticate': value }) : error;
  };
}
