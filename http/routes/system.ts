import { errorBody } from '../../schemas/common.js';
import * as schemas from '../../schemas/system.js';
import type { JsonSchema } from '../../schemas/types.js';
import { isStalled } from '../../runtime/actors/isStalled.js';
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
      summary: 'Readiness: the database answers and the actor host keeps committing its pending work',
      responses: { 200: schemas.readiness, 503: { oneOf: [schemas.readiness, errorBody] } },
      async handler(ctx) {
        const ready = await deps.databaseReady();
        const health = deps.actorHealth();
        if (ready && isStalled(health, deps.clock.now(), deps.config.readyStallMs)) {
          // Work waits on the actor host and nothing commits: not ready, in the error shape.
          ctx.status = 503;
          ctx.body = {
            error: {
              code: 'not_ready',
              message: `The actor host has not committed for more than ${deps.config.readyStallMs} ms while work is pending.`,
              details: { pending_since: health.pendingSince, last_commit_at: health.lastCommitAt, flush_failures: health.flushFailures, threshold_ms: deps.config.readyStallMs },
            },
          };
          return;
        }
        ctx.status = ready ? 200 : 503;
        // The roles this process runs (`crewd serve --no-worker` / `--no-api`), so a load balancer
        // or an operator can tell API processes from workers.
        const roles = { api: deps.config.roles.api, worker: deps.config.roles.worker };
        ctx.body = { status: ready ? 'ready' : 'unavailable', database: ready ? 'ok' : 'unreachable', roles };
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
