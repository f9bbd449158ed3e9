import { errors } from '../../runtime/errors.js';
import { outcomeIdParam } from '../../schemas/outcomes.js';
import * as schemas from '../../schemas/toolCalls.js';
import { connectionIdParam } from '../../schemas/tools.js';
import { authOf, type AppContext } from '../context.js';
import type { HttpDeps } from '../deps.js';
import type { RouteSpec } from '../route.js';
import { decodeToolCallCursor, encodeToolCallCursor, toolCallView } from '../views/toolCall.js';

function cursorOf(ctx: AppContext) {
  const raw = (ctx.state.query as { cursor?: string } | undefined)?.cursor;
  if (!raw) return undefined;
  const after = decodeToolCallCursor(raw);
  if (!after) throw errors.invalidRequest('The cursor is not one this service gave out.', { field: 'cursor', reason: 'invalid_cursor' });
  return after;
}

/** The tool-call log made visible (issue 21): per outcome, in call order, and per connection, newest first. */
export function toolCallRoutes(deps: HttpDeps): RouteSpec[] {
  const { repos } = deps;
  return [
    {
      method: 'get',
      path: '/v1/outcomes/:outcome_id/tool-calls',
      tag: 'outcomes',
      summary: "The tool calls an outcome's agents made, oldest first: tool, connection, input, output (cut), duration, success, error, agent and step",
      params: { outcome_id: outcomeIdParam },
      query: schemas.toolCallPageQuery,
      responses: { 200: schemas.outcomeToolCalls },
      async handler(ctx) {
        const workspaceId = authOf(ctx).workspace.id;
        const outcomeId = ctx.params.outcome_id!;
        if (!(await repos.outcomes.get(workspaceId, outcomeId))) throw errors.notFound(`Outcome ${outcomeId}`, { outcome_id: outcomeId });
        const { limit } = ctx.state.query as { limit: number };
        const after = cursorOf(ctx);
        const [page, counts] = await Promise.all([repos.toolCalls.page(workspaceId, { outcomeId }, { limit, newestFirst: false, ...(after ? { after } : {}) }), repos.toolCalls.countForOutcome(outcomeId)]);
        ctx.body = {
          outcome_id: outcomeId,
          data: page.rows.map(toolCallView),
          total_calls: counts.total,
          failed_calls: counts.failed,
          pagination: { next_cursor: page.more ? encodeToolCallCursor(page.rows.at(-1)!) : null, has_more: page.more },
        };
      },
    },
    {
      method: 'get',
      path: '/api/mcp/connections/:connection_id/calls',
      tag: 'tool connections',
      summary: "A tool connection's calls, newest first, with an opaque cursor",
      params: { connection_id: connectionIdParam },
      query: schemas.connectionCallsQuery,
      responses: { 200: schemas.connectionCalls },
      async handler(ctx) {
        const own = authOf(ctx).workspace.id;
        const { workspace_id: named, limit } = ctx.state.query as { workspace_id: string; limit: number };
        if (named !== own) throw errors.notFound('Workspace', { workspace_id: named });
        const connectionId = ctx.params.connection_id!;
        if (!(await repos.toolConnections.get(own, connectionId))) throw errors.notFound(`Tool connection ${connectionId}`, { connection_id: connectionId });
        const after = cursorOf(ctx);
        const page = await repos.toolCalls.page(own, { connectionId }, { limit, newestFirst: true, ...(after ? { after } : {}) });
        ctx.body = {
          connection_id: connectionId,
          data: page.rows.map(toolCallView),
          pagination: { next_cursor: page.more ? encodeToolCallCursor(page.rows.at(-1)!) : null, has_more: page.more },
        };
      },
    },
  ];
}
