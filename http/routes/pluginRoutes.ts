import type { Plugin, PluginRoute } from '../../plugins/contract.js';
import { authOf } from '../context.js';
import type { HttpDeps } from '../deps.js';
import type { RouteSpec } from '../route.js';

/** One plugin route as http/ mounts its own: the handler gets the plugin's context of the key's workspace. */
function mounted(pluginId: string, route: PluginRoute, deps: HttpDeps): RouteSpec {
  const { handle, ...spec } = route;
  return {
    ...spec,
    async handler(ctx) {
      const workspaceId = authOf(ctx).workspace.id;
      const context = await deps.tools.pluginHost.context(workspaceId, pluginId);
      ctx.body = await handle({ workspaceId, context, body: ctx.state.body, query: ctx.state.query ?? {}, params: ctx.params ?? {} });
    },
  };
}

/**
 * The routes the plugins declare (contract: `Plugin.routes`), each with the scope it declares,
 * validated, documented and answered like every other route. No plugin is named here.
 */
export function pluginRoutes(plugins: readonly Plugin[], deps: HttpDeps): RouteSpec[] {
  return plugins.flatMap((plugin) => (plugin.routes ?? []).map((route) => mounted(plugin.manifest.id, route, deps)));
}
