import type { Middleware } from 'koa';
import { unauthorizedError } from '../bearer.js';
import type { AppState } from '../context.js';

/** Refuses with 401 every request without a valid key, except the public paths. */
export function requireKey(publicPaths: Set<string>): Middleware<AppState> {
  // Not async: a plain function returning next() spares the request path one promise per layer.
  return (ctx, next) => {
    if (!ctx.state.auth && !publicPaths.has(ctx.path)) throw unauthorizedError(ctx.state.authFailure);
    return next();
  };
}
