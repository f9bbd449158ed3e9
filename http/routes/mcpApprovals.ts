import type { CrewdMcpDeps } from '../../runtime/mcp/mcpDeps.js';
import { errors } from '../../runtime/errors.js';
import type { HttpDeps } from '../deps.js';
import { actionView, decodeActionCursor, encodeActionCursor } from '../views/action.js';

/** The approval reads and decisions crewd's MCP tools use (issue 27): the same pages and answers as the REST routes. */
export function mcpApprovalDeps(deps: HttpDeps & Required<Pick<HttpDeps, 'approvals'>>): NonNullable<CrewdMcpDeps['approvals']> {
  return {
    async listPending(workspaceId, query) {
      const limit = Number(query.limit ?? 20);
      const after = typeof query.cursor === 'string' ? decodeActionCursor(query.cursor) : undefined;
      if (after === null) throw new Error('The cursor is not one this service gave out; pass pagination.next_cursor of a previous page.');
      const rows = await deps.repos.approvals.list(workspaceId, { status: 'pending', limit: limit + 1, ...(after ? { after } : {}) });
      const page = rows.slice(0, limit);
      const hasMore = rows.length > limit;
      return { data: page.map(actionView), pagination: { next_cursor: hasMore ? encodeActionCursor(page.at(-1)!) : null, has_more: hasMore } };
    },
    async decide(principal, actionId, request) {
      const row = await deps.repos.approvals.get(principal.workspace.id, actionId);
      if (!row) throw errors.notFound(`Action ${actionId}`, { action_id: actionId });
      return actionView(await deps.approvals.decisions.decide(principal.workspace, row.outcome_id, actionId, request, { type: 'api_key', id: principal.keyId }));
    },
  };
}
