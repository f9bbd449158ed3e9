import type { Middleware } from 'koa';
import type { IdGenerator } from '../../runtime/ids.js';
import type { AppState } from '../context.js';

/** Gives every request an id, echoed in X-Request-Id and written with every log line. */
export function requestId(ids: IdGenerator): Middleware<AppState> {
  // A random per-process prefix and a counter: unique, unguessable enough for correlation, and
  // free of a random-bytes call per request.
  const prefix = ids.id('req', 10);
  let counter = 0;
  return async (ctx, next) => {
    counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
    ctx.state.requestId = `${prefix}${counter.toString(36)}`;
    ctx.set('X-Request-Id', ctx.state.requestId);
    await next();
  };
}
