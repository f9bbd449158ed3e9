import * as schemas from '../../schemas/system.js';
import type { JsonSchema } from '../../schemas/types.js';
import type { HttpDeps } from '../deps.js';
import type { RouteSpec } from '../route.js';

/** Health probes and the OpenAPI document; `document` is read lazily once every route is known. */
export function systemRoutes(deps: HttpDeps, document: () => JsonSchema): RouteSpec[] {
  return [
    {
      method: 'get',
      path: '/healthz',
      tag: 'system',
      summary: 'Liveness: the process answers',
      responses: { 200: schemas.health },
      handler(ctx) {
        ctx.body = { status: 'ok' };
      },
    },
    {
      method: 'get',
      path: '/readyz',
      tag: 'system',
      summary: 'Readiness: the database answers',
      responses: { 200: schemas.readiness, 503: schemas.readiness },
      async handler(ctx) {
        const ready = await deps.databaseReady();
        ctx.status = ready ? 200 : 503;
        ctx.body = { status: ready ? 'ready' : 'unavailable', database: ready ? 'ok' : 'unreachable' };
      },
    },
    {
      method: 'get',
      path: '/v1/openapi.json',
      tag: 'system',
      summary: 'This OpenAPI 3.1 document',
      responses: { 200: schemas.openApiDocument },
      handler(ctx) {
        ctx.body = document();
      },
    },
  ];
}
