import type { Middleware } from 'koa';
import type { Metrics } from '../../runtime/metrics/createMetrics.js';
import type { AppState } from '../context.js';

/**
 * Times every request and reports it by method, route template (the router's `_matchedRoute`,
 * so ids never become labels) and final status; errors are counted with the status they answer.
 * Mount it before the error handler so it sees the status the client gets.
 */
export function requestMetrics(metrics: Metrics): Middleware<AppState> {
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const route = (ctx as unknown as { _matchedRoute?: unknown })._matchedRoute;
      metrics.httpRequest(ctx.method, typeof route === 'string' ? route : 'unmatched', ctx.status, (performance.now() - started) / 1000);
    }
  };
}
