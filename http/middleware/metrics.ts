import type { Metrics } from '../../runtime/metrics/createMetrics.js';
import type { RequestContext } from '../context.js';

/**
 * Reports a finished request by method, route template (the router's `_matchedRoute`, so ids
 * never become labels) and final status, with its duration from `started` to `ended`
 * (performance.now() readings); errors are counted with the status they answer, so this runs
 * after the error was rendered.
 */
export function requestMetricsRecorder(metrics: Metrics): (ctx: RequestContext, started: number, ended: number) => void {
  return (ctx, started, ended) => {
    const route = (ctx as unknown as { _matchedRoute?: unknown })._matchedRoute;
    metrics.httpRequest(ctx.method, typeof route === 'string' ? route : 'unmatched', ctx.status, (ended - started) / 1000);
  };
}
