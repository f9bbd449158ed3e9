import * as schemas from '../../schemas/crews.js';
import { authOf } from '../context.js';
import type { HttpDeps } from '../deps.js';
import type { RouteSpec } from '../route.js';
import { crewView } from '../views/crew.js';

export function crewRoutes(deps: HttpDeps): RouteSpec[] {
  // The list changes only when an operator sets a crew status; build its body once per change.
  // Each workspace sees only the integrations it can use (registered and configured), so bodies
  // are kept per set of usable integrations.
  let source: unknown;
  let bodies = new Map<string, string>();
  // The usable set is the same object for a workspace's few-second cache: its key is joined once.
  const keys = new WeakMap<ReadonlySet<string>, string>();
  return [
    {
      method: 'get',
      path: '/v1/crews',
      tag: 'crews',
      summary: 'List the crews with their agents, capabilities, integrations and status',
      responses: { 200: schemas.crewList },
      async handler(ctx) {
        const states = await deps.crews.list();
        const usable = await deps.tools.integrations.usable(authOf(ctx).workspace.id);
        if (states !== source || bodies.size > 1_000) {
          bodies = new Map();
          source = states;
        }
        // Serialized once per change and set of usable integrations: the list is the request
        // path's benchmark and every key's first call.
        let key = keys.get(usable);
        if (key === undefined) keys.set(usable, (key = [...usable].join(',')));
        let json = bodies.get(key);
        if (json === undefined) {
          // From the plugins' manifests, so a new plugin shows up without a line in crews/.
          const plugins = deps.tools.registry.list();
          json = JSON.stringify({ crews: states.map((state) => ({ ...crewView(state), integrations: plugins.filter((plugin) => plugin.manifest.crews.includes(state.crew.id) && usable.has(plugin.manifest.id)).map((plugin) => plugin.manifest.id) })) });
          bodies.set(key, json);
        }
        // The header Koa sets for an object body; set first, so Koa keeps it for the string.
        ctx.set('Content-Type', 'application/json; charset=utf-8');
        ctx.body = json;
      },
    },
  ];
}
