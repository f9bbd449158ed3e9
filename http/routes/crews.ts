import * as schemas from '../../schemas/crews.js';
import type { HttpDeps } from '../deps.js';
import type { RouteSpec } from '../route.js';
import { crewView } from '../views/crew.js';

export function crewRoutes(deps: HttpDeps): RouteSpec[] {
  return [
    {
      method: 'get',
      path: '/v1/crews',
      tag: 'crews',
      summary: 'List the crews with their agents, capabilities, integrations and status',
      responses: { 200: schemas.crewList },
      async handler(ctx) {
        ctx.body = { crews: (await deps.crews.list()).map(crewView) };
      },
    },
  ];
}
