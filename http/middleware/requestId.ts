import type { Middleware } from 'koa';
import type { IdGenerator } from '../../runtime/ids.js';
import type { AppState } from '../context.js';

/** Gives every request an id, echoed in X-Request-Id and written with every log line. */
export function requestId(ids: IdGenerator): Middleware<AppState> {
  return async (ctx, next) => {
    ctx.state.requestId = ids.id('req', 16);
    ctx.set('X-Request-Id', ctx.state.requestId);
    await next();
  };
}
