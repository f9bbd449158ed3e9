import { ServiceError } from '../../runtime/errors.js';
import { unauthorizedError } from '../bearer.js';
import type { RequestContext } from '../context.js';

/**
 * Refuses with 401 every request without a valid key, except the public paths (`/prefix/*`: one
 * segment under it). `challenge` may name a `WWW-Authenticate` value for the 401 (the OAuth
 * protected resource /mcp points to its metadata).
 */
export function keyRequirement(publicPaths: Set<string>, challenge?: (ctx: RequestContext) => string | undefined): (ctx: RequestContext) => void {
  const prefixes = [...publicPaths].filter((path) => path.endsWith('/*')).map((path) => path.slice(0, -1));
  const underPrefix = (path: string) => prefixes.some((prefix) => path.startsWith(prefix) && path.length > prefix.length && !path.slice(prefix.length).includes('/'));
  return (ctx) => {
    if (ctx.state.auth || publicPaths.has(ctx.path) || underPrefix(ctx.path)) return;
    const error = unauthorizedError(ctx.state.authFailure);
    const value = challenge?.(ctx);
    throw value ? new ServiceError(error.status, error.code, error.message, error.details, { ...error.headers, 'WWW-Authenticate': value }) : error;
  };
}
