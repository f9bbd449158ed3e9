import type { Metrics } from '../../runtime/metrics/createMetrics.js';
import type { RequestContext } from '../context.js';

/**
 * Reports a finished request by method, route template (`ctx.state.route`, set by the mounted
 * route, so ids never become labels) and final status, with its duration from `started` to `ended`
 * (performance.now() readings); errors are counted with the status they answer, so this runs
 * after the error was rendered.
 */
export function requestMetricsRecorder(metrics: Metrics): (ctx: RequestContext, started: number, ended: number) => void {
  return (ctx, started, ended) => {
    metrics.httpRequest(ctx.method, ctx.state.route ?? 'unmatched', ctx.status, (ended - started) / 1000);
  };
}
