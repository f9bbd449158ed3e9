import { performance } from 'node:perf_hooks';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import type { AppState } from '../context.js';

/** One JSON line per request. Never logs headers or bodies, so no secret reaches a log. */
export function accessLog(logger: Logger): Middleware<AppState> {
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      if (logger.isLevelEnabled('info')) {
        logger.info(
          {
            request_id: ctx.state.requestId,
            method: ctx.method,
            path: ctx.path,
            status: ctx.status,
            ms: Math.round((performance.now() - started) * 10) / 10,
            key_id: ctx.state.auth?.keyId,
          },
          'request',
        );
      }
    }
  };
}
