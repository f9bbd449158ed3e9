import type { Tool } from '@modelcontextprotocol/client';
import type { Logger } from 'pino';
import type { PluginRegistry } from '../../plugins/registry.js';
import type { Repositories } from '../../storage/index.js';
import type { ToolCatalogRow } from '../../storage/repositories/toolCatalogs.js';
import type { ToolConnectionRow } from '../../storage/repositories/toolConnections.js';
import { catalogTools, collisions } from './catalog.js';
import { CatalogCollisionError } from './catalogCollisionError.js';

export interface StoreCatalogDeps {
  repos: Repositories;
  registry: PluginRegistry;
  logger: Logger;
  now: () => string;
}

async function takenNames(repos: Repositories, workspaceId: string, exceptId: string): Promise<Set<string>> {
  const catalogs = await repos.toolCatalogs.listForWorkspace(workspaceId);
  return new Set(catalogs.filter((catalog) => catalog.connection_id !== exceptId).flatMap((catalog) => catalog.tools.map((tool) => tool.model_name)));
}

/**
 * Stores a server's tool list as the connection's next catalog version and returns it. A plugin
 * may only serve the tools its manifest declares. On the first discovery (`initial`) a name
 * another connection of the workspace owns refuses the connection (CatalogCollisionError); on a
 * later list change the colliding tools are left out instead. Undefined: the connection was
 * disconnected meanwhile, and nothing was stored.
 */
export async function storeCatalog(row: ToolConnectionRow, tools: Tool[], ttlMs: number | null, initial: boolean, deps: StoreCatalogDeps): Promise<ToolCatalogRow | undefined> {
  if (row.server_type !== 'custom') {
    const declared = deps.registry.get(row.server_type)?.manifest.tools ?? [];
    const undeclared = tools.filter((tool) => !declared.includes(tool.name)).map((tool) => tool.name);
    if (undeclared.length > 0) throw new Error(`plugin ${row.server_type} registered tools missing from its manifest: ${undeclared.join(', ')}`);
  }
  let entries = catalogTools(row.server_name, tools);
  const clash = collisions(entries, await takenNames(deps.repos, row.workspace_id, row.id));
  if (clash.length > 0) {
    if (initial) throw new CatalogCollisionError(clash);
    deps.logger.warn({ connection_id: row.id, names: clash }, 'tools left out of the catalog: their names collide');
    entries = entries.filter((tool) => !clash.includes(tool.model_name));
  }
  return deps.repos.toolCatalogs.put({ connection_id: row.id, workspace_id: row.workspace_id, tools: entries, ttl_ms: ttlMs, fetched_at: deps.now() });
}
