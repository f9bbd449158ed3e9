import * as schemas from '../../schemas/integrations.js';
import * as views from '../../schemas/integrationViews.js';
import { authOf } from '../context.js';
import type { HttpDeps } from '../deps.js';
import { withBody, type RouteSpec } from '../route.js';

/** Integrations endpoints (spec: Integrations; answers per DESIGN, secrets redacted). */
export function integrationRoutes(deps: HttpDeps): RouteSpec[] {
  const { tools } = deps;
  return [
    {
      method: 'get',
      path: '/v1/integrations',
      tag: 'integrations',
      summary: 'Every integration with its kind, crews, flags, saved settings (secrets redacted) and connection status',
      responses: { 200: views.integrationList },
      async handler(ctx) {
        ctx.body = { integrations: await tools.integrations.list(authOf(ctx).workspace.id) };
      },
    },
    withBody({
      method: 'post',
      path: '/v1/integrations/:integration_id/configure',
      tag: 'integrations',
      summary: "Save an integration's settings (validated against the plugin's schema; secrets encrypted)",
      params: { integration_id: schemas.integrationIdParam },
      body: schemas.configureBody,
      responses: { 200: views.integrationView },
      async handler(ctx, body) {
        ctx.body = await tools.integrations.configure(authOf(ctx).workspace.id, ctx.params.integration_id!, body);
      },
    }),
  ];
}
