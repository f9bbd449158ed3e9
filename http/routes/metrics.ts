import { errors } from '../../runtime/errors.js';
import { authOf } from '../context.js';
import type { HttpDeps } from '../deps.js';
import type { RouteSpec } from '../route.js';

/**
 * The workspace whose admin:read keys are operator keys: the one `crewd serve` bootstraps on its
 * first start (and the CLI's `default`). Only its keys see process-wide series, which count every
 * workspace's traffic; other workspaces are tenants and see only their own.
 */
export const operatorWorkspaceName = 'default';

/** Outcome statuses a workspace's own scrape reports (the spec's outcome statuses). */
const outcomeStatuses = ['processing', 'completed', 'failed', 'revision_requested'] as const;

/**
 * Prometheus scrape endpoint (admin:read). An operator key (a key of the `default` workspace) gets
 * the runtime's own registry, never prom-client's global one; any other workspace's key gets only
 * series about its own workspace, read from storage, so that one tenant cannot watch another's
 * activity through process-wide counters.
 */
export function metricsRoutes(deps: HttpDeps): RouteSpec[] {
  return [
    {
      method: 'get',
      path: '/metrics',
      tag: 'system',
      // The summary is unchanged so the generated client stays current; docs/reliability.md says who sees what.
      summary: 'Service metrics in the Prometheus text format (see the README for the series and what to alert on)',
      responses: { 200: { type: 'string', description: 'Prometheus text exposition format 0.0.4', 'x-content-type': 'text/plain' } },
      async handler(ctx) {
        if (!deps.metrics) throw errors.notFound('Metrics', {});
        const registry = deps.metrics.registry;
        ctx.type = registry.contentType;
        const workspace = authOf(ctx).workspace;
        if (workspace.name === operatorWorkspaceName) {
          ctx.body = await registry.metrics();
          return;
        }
        const label = workspace.id.replace(/["\\\n]/g, '');
        const lines = ['# HELP crewd_workspace_outcomes Outcomes of this workspace by current status', '# TYPE crewd_workspace_outcomes gauge'];
        for (const status of outcomeStatuses) {
          lines.push(`crewd_workspace_outcomes{workspace="${label}",status="${status}"} ${await deps.repos.outcomes.countByStatus(workspace.id, [status])}`);
        }
        ctx.body = `${lines.join('\n')}\n`;
      },
    },
  ];
}
