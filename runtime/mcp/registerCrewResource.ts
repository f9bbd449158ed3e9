import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/server';
import type { CrewdMcpDeps, McpPrincipal } from './mcpDeps.js';
import { requirePermission } from './permission.js';

/**
 * Crews as resources: `crewd://crews/{crew_id}` reads as the crew in GET /v1/crews (agents,
 * capabilities, status), and `completion/complete` offers the crew ids, so a client can fill the
 * `crew` of deploy_crew from the server's own list.
 */
export function registerCrewResource(server: McpServer, deps: CrewdMcpDeps, principal: McpPrincipal): void {
  const crews = async () => {
    requirePermission(principal, 'crews:read', 'reading crews');
    return deps.listCrews();
  };
  server.registerResource(
    'crew',
    new ResourceTemplate('crewd://crews/{crew_id}', {
      // A key without crews:read lists none (resources/list still shows its outcomes); reading one names the permission.
      list: async () => ({ resources: principal.permissions.includes('crews:read') ? (await crews()).map((crew) => ({ uri: `crewd://crews/${String(crew.id)}`, name: String(crew.id), title: String(crew.name), mimeType: 'application/json' })) : [] }),
      complete: {
        crew_id: async (value) => (await deps.listCrews()).map((crew) => String(crew.id)).filter((id) => id.startsWith(value)),
      },
    }),
    { title: 'Crew', description: 'A crew as GET /v1/crews shows it: its agents, capabilities and status.', mimeType: 'application/json' },
    async (uri, variables) => {
      const crew = (await crews()).find((entry) => entry.id === String(variables.crew_id));
      if (!crew) throw new Error(`Crew ${String(variables.crew_id)} does not exist; the crews are ${(await deps.listCrews()).map((entry) => String(entry.id)).join(', ')}.`);
      return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(crew, null, 2) }] };
    },
  );
}
