import type { Middleware } from 'koa';
import { unauthorizedError } from '../bearer.js';
import type { AppState } from '../context.js';

/** Refuses with 401 every request without a valid key, except the public paths. */
export function requireKey(publicPaths: Set<string>): Middleware<AppState> {
  return async (ctx, next) => {
    if (!ctx.state.auth && !publicPaths.has(ctx.path)) throw unauthorizedError(ctx.state.authFailure);
    await next();
  };
}
