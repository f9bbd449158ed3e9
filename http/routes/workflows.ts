import { errors } from '../../runtime/errors.js';
import * as schemas from '../../schemas/outcomes.js';
import { authOf } from '../context.js';
import type { HttpDeps } from '../deps.js';
import type { RouteSpec } from '../route.js';

/** GET /v1/workflows/{id}: a batch deploy with the current status of each of its outcomes. */
export function workflowRoutes(deps: HttpDeps): RouteSpec[] {
  const { repos } = deps;
  return [
    {
      method: 'get',
      path: '/v1/workflows/:workflow_id',
      tag: 'outcomes',
      summary: 'A batch deploy and the status of each of its outcomes',
      params: { workflow_id: schemas.workflowIdParam },
      responses: { 200: schemas.workflowView },
      async handler(ctx) {
        const workspaceId = authOf(ctx).workspace.id;
        const workflow = await repos.workflows.get(workspaceId, ctx.params.workflow_id!);
        if (!workflow) throw errors.notFound(`Workflow ${ctx.params.workflow_id}`, { workflow_id: ctx.params.workflow_id });
        const outcomes = new Map((await repos.outcomes.getMany(workflow.entries.map((entry) => entry.outcome_id))).map((row) => [row.id, row]));
        ctx.body = {
          workflow_id: workflow.id,
          workflow_name: workflow.name,
          status: workflow.status,
          created_at: workflow.created_at,
          completed_at: workflow.completed_at,
          outcomes: workflow.entries.map((entry) => ({ ...entry, status: outcomes.get(entry.outcome_id)?.status ?? 'processing' })),
        };
      },
    },
  ];
}
