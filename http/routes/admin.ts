import * as schemas from '../../schemas/outcomes.js';
import type { HttpDeps } from '../deps.js';
import type { RouteSpec } from '../route.js';

/** Operator views (admin:read). */
export function adminRoutes(deps: HttpDeps): RouteSpec[] {
  return [
    {
      method: 'get',
      path: '/v1/admin/actors',
      tag: 'admin',
      summary: 'Live actors of this process: id, machine, state value, status and age',
      responses: { 200: schemas.actorList },
      handler(ctx) {
        const actors = deps.engine.actors();
        ctx.body = { actors, count: actors.length };
      },
    },
  ];
}
