import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/server';
import type { CrewdMcpDeps, McpPrincipal } from './mcpDeps.js';
import { outcomeUri } from './outcomeUri.js';
import { requirePermission } from './permission.js';

/**
 * Outcomes as resources: `crewd://outcomes/{id}` reads as the outcome JSON of
 * GET /v1/outcomes/{id}; the list is this workspace's latest outcomes (a first page).
 */
export function registerOutcomeResource(server: McpServer, deps: CrewdMcpDeps, principal: McpPrincipal): void {
  const workspaceId = principal.workspace.id;
  server.registerResource(
    'outcome',
    new ResourceTemplate('crewd://outcomes/{outcome_id}', {
      // resources/list gathers every template's list: a key without outcomes:read lists none of these
      // (and still sees the crews), while reading one names the missing permission.
      list: async () => {
        if (!principal.permissions.includes('outcomes:read')) return { resources: [] };
        const page = await deps.listOutcomes(workspaceId, { limit: 50 });
        return { resources: page.data.map((outcome) => ({ uri: outcomeUri(String(outcome.id)), name: String(outcome.id), title: `${String(outcome.crew)} outcome (${String(outcome.status)})`, mimeType: 'application/json' })) };
      },
      // completion/complete: ids of the workspace's latest 100 outcomes that start with what was typed.
      complete: {
        outcome_id: async (value) => {
          if (!principal.permissions.includes('outcomes:read')) return [];
          const page = await deps.listOutcomes(workspaceId, { limit: 100 });
          return page.data.map((outcome) => String(outcome.id)).filter((id) => id.startsWith(value));
        },
      },
    }),
    { title: 'Outcome', description: 'An outcome as GET /v1/outcomes/{id} shows it; subscribe for an update notification on each of its events.', mimeType: 'application/json' },
    async (uri, variables) => {
      requirePermission(principal, 'outcomes:read', 'reading an outcome');
      const id = String(variables.outcome_id);
      const row = await deps.outcomes.get(workspaceId, id);
      if (!row) throw new Error(`Outcome ${id} was not found in this workspace.`);
      return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(deps.outcomeView(row), null, 2) }] };
    },
  );
}
