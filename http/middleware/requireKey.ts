import { unauthorizedError } from '../bearer.js';
import type { RequestContext } from '../context.js';

/** Refuses with 401 every request without a valid key, except the public paths (`/prefix/*`: one segment under it). */
export function keyRequirement(publicPaths: Set<string>): (ctx: RequestContext) => void {
  const prefixes = [...publicPaths].filter((path) => path.endsWith('/*')).map((path) => path.slice(0, -1));
  const underPrefix = (path: string) => prefixes.some((prefix) => path.startsWith(prefix) && path.length > prefix.length && !path.slice(prefix.length).includes('/'));
  return (ctx) => {
    if (!ctx.state.auth && !publicPaths.has(ctx.path) && !underPrefix(ctx.path)) throw unauthorizedError(ctx.state.authFailure);
  };
}
