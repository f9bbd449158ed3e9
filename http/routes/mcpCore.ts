import type { CrewdMcpDeps } from '../../runtime/mcp/mcpDeps.js';
import type { JsonSchema } from '../../schemas/types.js';
import type { HttpDeps } from '../deps.js';
import { createValidators } from '../validation.js';
import { crewView } from '../views/crew.js';
import { decodeCursor, encodeCursor, outcomeView, revisionView } from '../views/outcome.js';
import { mcpApprovalDeps } from './mcpApprovals.js';

/** The runtime reads and commands the MCP tools use, with the REST layer's validation and views. */
export function mcpDeps(deps: HttpDeps): CrewdMcpDeps {
  const validators = createValidators();
  return {
    engine: deps.engine,
    outcomes: deps.repos.outcomes,
    eventBus: deps.eventBus,
    problemOf(schema: JsonSchema, value: unknown) {
      try {
        validators.body(schema)(value);
        return undefined;
      } catch (error) {
        return (error as Error).message;
      }
    },
    outcomeView,
    revisionView,
    // The same page GET /v1/outcomes answers (http/routes/outcomes.ts), from an already validated query.
    async listOutcomes(workspaceId, query) {
      const limit = Number(query.limit ?? 10);
      const after = typeof query.cursor === 'string' ? decodeCursor(query.cursor) : undefined;
      if (after === null) throw new Error('The cursor is not one this service gave out; pass pagination.next_cursor of a previous page.');
      const rows = await deps.repos.outcomes.list(workspaceId, {
        limit: limit + 1,
        ...(typeof query.status === 'string' ? { status: query.status } : {}),
        ...(typeof query.crew === 'string' ? { crew: query.crew } : {}),
        ...(typeof query.created_after === 'string' ? { createdAfter: new Date(query.created_after).toISOString() } : {}),
        ...(typeof query.created_before === 'string' ? { createdBefore: new Date(query.created_before).toISOString() } : {}),
        ...(after ? { after } : {}),
      });
      const page = rows.slice(0, limit);
      const hasMore = rows.length > limit;
      return { data: page.map(outcomeView), pagination: { next_cursor: hasMore ? encodeCursor(page.at(-1)!) : null, has_more: hasMore } };
    },
    async listCrews() {
      return (await deps.crews.list()).map(crewView);
    },
    version: deps.version,
    ...(deps.approvals ? { approvals: mcpApprovalDeps({ ...deps, approvals: deps.approvals }) } : {}),
  };
}

