import { unauthorizedError } from '../bearer.js';
import type { RequestContext } from '../context.js';

/** Refuses with 401 every request without a valid key, except the public paths. */
export function keyRequirement(publicPaths: Set<string>): (ctx: RequestContext) => void {
  return (ctx) => {
    if (!ctx.state.auth && !publicPaths.has(ctx.path)) throw unauthorizedError(ctx.state.authFailure);
  };
}
