import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { errors } from '../../runtime/errors.js';
import type { AppState } from '../context.js';
import { renderError } from '../errorRenderer.js';

/**
 * Turns every failure into the spec's error body `{error: {code, message, details}}` through the
 * one renderer (http/errorRenderer.ts). Headers already set (X-RateLimit-*, X-Request-Id) stay on
 * the error response.
 */
export function errorHandler(logger: Logger, bodyLimit: number): Middleware<AppState> {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) {
        throw errors.notFound(`Route ${ctx.method} ${ctx.path}`, { method: ctx.method, path: ctx.path });
      }
    } catch (error) {
      const rendered = renderError(error, { logger, requestId: ctx.state.requestId, bodyLimit, where: { method: ctx.method, path: ctx.path } });
      ctx.status = rendered.status;
      for (const [name, value] of Object.entries(rendered.headers)) ctx.set(name, value);
      // The unread rest of an oversized or aborted body must not hold the connection open.
      if (rendered.status === 413 || rendered.body.error.code === 'request_aborted') ctx.set('Connection', 'close');
      ctx.body = rendered.body;
    }
  };
}
