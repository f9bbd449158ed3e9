import * as schemas from '../../schemas/outcomes.js';
import { authOf } from '../context.js';
import type { HttpDeps } from '../deps.js';
import type { RouteSpec } from '../route.js';

/** Operator views (admin:read), each limited to the key's workspace. */
export function adminRoutes(deps: HttpDeps): RouteSpec[] {
  const { repos } = deps;

  /** The ids among `actors` that belong to `workspaceId` (outcome and workflow actors). */
  async function ownIds(workspaceId: string, actors: Array<{ id: string; machine: string }>): Promise<Set<string>> {
    const outcomeIds = actors.filter((a) => a.machine === 'outcome').map((a) => a.id);
    const outcomes = outcomeIds.length > 0 ? await repos.outcomes.getMany(outcomeIds) : [];
    const own = new Set(outcomes.filter((row) => row.workspace_id === workspaceId).map((row) => row.id));
    for (const actor of actors) {
      if (actor.machine === 'workflow' && (await repos.workflows.get(workspaceId, actor.id))) own.add(actor.id);
    }
    return own;
  }

  return [
    {
      method: 'get',
      path: '/v1/admin/actors',
      tag: 'admin',
      summary: "Live actors of this process in the key's workspace: id, machine, state value, status and age (an operator-wide view is the CLI's)",
      responses: { 200: schemas.actorList },
      async handler(ctx) {
        const all = deps.engine.actors();
        const own = await ownIds(authOf(ctx).workspace.id, all);
        const actors = all.filter((actor) => own.has(actor.id));
        ctx.body = { actors, count: actors.length };
      },
    },
  ];
}
