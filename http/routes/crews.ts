import * as schemas from '../../schemas/crews.js';
import type { HttpDeps } from '../deps.js';
import type { RouteSpec } from '../route.js';
import { crewView } from '../views/crew.js';

export function crewRoutes(deps: HttpDeps): RouteSpec[] {
  // The list changes only when an operator sets a crew status; build its body once per change.
  let source: unknown;
  let body: { crews: ReturnType<typeof crewView>[] } | undefined;
  // Serialized once per change too: the list is the request path's benchmark and every key's first call.
  let json = '';
  return [
    {
      method: 'get',
      path: '/v1/crews',
      tag: 'crews',
      summary: 'List the crews with their agents, capabilities, integrations and status',
      responses: { 200: schemas.crewList },
      async handler(ctx) {
        const states = await deps.crews.list();
        if (states !== source || !body) {
          body = { crews: states.map(crewView) };
          json = JSON.stringify(body);
          source = states;
        }
        // The header Koa sets for an object body; set first, so Koa keeps it for the string.
        ctx.set('Content-Type', 'application/json; charset=utf-8');
        ctx.body = json;
      },
    },
  ];
}
