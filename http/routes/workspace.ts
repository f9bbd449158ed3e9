import { normalizePolicy } from '../../runtime/approvals/approvalPolicy.js';
import * as schemas from '../../schemas/approvals.js';
import { authOf } from '../context.js';
import type { HttpDeps } from '../deps.js';
import { withBody, type RouteSpec } from '../route.js';

/**
 * The key's workspace (issue 27, docs/approvals.md): what it is, and its default approval policy,
 * which deploys may tighten and never loosen. The policy is stored normalized; null clears it.
 */
export function workspaceRoutes(deps: HttpDeps): RouteSpec[] {
  return [
    {
      method: 'get',
      path: '/v1/workspace',
      tag: 'approvals',
      operationId: 'getWorkspace',
      summary: 'The key’s workspace with its default approval policy',
      responses: { 200: schemas.workspaceView },
      async handler(ctx) {
        const workspace = authOf(ctx).workspace;
        ctx.body = { id: workspace.id, name: workspace.name, plan: workspace.plan, approvals: await deps.repos.approvals.policy(workspace.id) };
      },
    },
    withBody({
      method: 'patch',
      path: '/v1/workspace',
      tag: 'approvals',
      operationId: 'updateWorkspace',
      summary: 'Set the workspace’s default approval policy (deploys may tighten it, never loosen it); null clears it',
      body: schemas.workspacePatchBody,
      responses: { 200: schemas.workspaceView },
      async handler(ctx, body) {
        const workspace = authOf(ctx).workspace;
        const asked = body.approvals;
        const policy = asked ? normalizePolicy(asked) : null;
        if (policy) await deps.repos.approvals.setPolicy(workspace.id, policy, deps.clock.now().toISOString());
        else await deps.repos.approvals.clearPolicy(workspace.id);
        ctx.body = { id: workspace.id, name: workspace.name, plan: workspace.plan, approvals: policy };
      },
    }),
  ];
}
