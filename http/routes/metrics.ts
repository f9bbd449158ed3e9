import { errors } from '../../runtime/errors.js';
import type { HttpDeps } from '../deps.js';
import type { RouteSpec } from '../route.js';

/** Prometheus scrape endpoint (admin:read): the runtime's own registry, never prom-client's global one. */
export function metricsRoutes(deps: HttpDeps): RouteSpec[] {
  return [
    {
      method: 'get',
      path: '/metrics',
      tag: 'system',
      summary: 'Service metrics in the Prometheus text format (see the README for the series and what to alert on)',
      responses: { 200: { type: 'string', description: 'Prometheus text exposition format 0.0.4', 'x-content-type': 'text/plain' } },
      async handler(ctx) {
        if (!deps.metrics) throw errors.notFound('Metrics', {});
        const registry = deps.metrics.registry;
        ctx.type = registry.contentType;
        ctx.body = await registry.metrics();
      },
    },
  ];
}
