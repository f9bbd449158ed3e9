import type { Decider } from '../../machines/approvals.js';
import { errors } from '../../runtime/errors.js';
import * as schemas from '../../schemas/approvals.js';
import { outcomeIdParam } from '../../schemas/outcomes.js';
import { authOf } from '../context.js';
import type { HttpDeps } from '../deps.js';
import { withBody, type RouteSpec } from '../route.js';
import { actionView, decodeActionCursor, encodeActionCursor } from '../views/action.js';
import { availableApprovals } from './approvalsAvailable.js';

const errorRef = { $ref: '#/components/schemas/Error' };

/**
 * Approval actions (issue 27, docs/approvals.md): answering an outcome's pending action with a key,
 * and the workspace's list of actions. The workspace's default policy is in `workspace.ts`, the
 * signed single-use links that need no key in `approvalLinks.ts`.
 */
export function approvalRoutes(deps: HttpDeps): RouteSpec[] {
  return [
    withBody({
      method: 'post',
      path: '/v1/outcomes/:outcome_id/actions/:action_id',
      tag: 'approvals',
      operationId: 'decideAction',
      summary: 'Approve or reject an outcome’s pending action (content replaces the result Markdown)',
      params: { outcome_id: outcomeIdParam, action_id: schemas.actionIdParam },
      body: schemas.decisionBody,
      responses: { 200: schemas.actionView, 404: errorRef, 409: errorRef, 503: errorRef },
      async handler(ctx, body) {
        const auth = authOf(ctx);
        const decider: Decider = { type: 'api_key', id: auth.keyId };
        const row = await availableApprovals(deps).decisions.decide(auth.workspace, ctx.params.outcome_id!, ctx.params.action_id!, body, decider);
        ctx.body = actionView(row);
      },
    }),
    {
      method: 'get',
      path: '/v1/actions',
      tag: 'approvals',
      operationId: 'listActions',
      summary: 'The workspace’s approval actions, oldest first, with a cursor (status=pending for the open ones)',
      query: schemas.actionListQuery,
      responses: { 200: schemas.actionList },
      async handler(ctx) {
        const query = ctx.state.query as { status?: 'pending' | 'approved' | 'rejected' | 'cancelled'; limit?: number; cursor?: string };
        const limit = query.limit ?? 20;
        const after = query.cursor ? decodeActionCursor(query.cursor) : undefined;
        if (after === null) throw errors.invalidRequest('The cursor is not one this service gave out.', { field: 'cursor', reason: 'invalid_cursor' });
        const rows = await deps.repos.approvals.list(authOf(ctx).workspace.id, { limit: limit + 1, ...(query.status ? { status: query.status } : {}), ...(after ? { after } : {}) });
        const page = rows.slice(0, limit);
        const hasMore = rows.length > limit;
        ctx.body = { data: page.map(actionView), pagination: { next_cursor: hasMore ? encodeActionCursor(page.at(-1)!) : null, has_more: hasMore } };
      },
    },
  ];
}
