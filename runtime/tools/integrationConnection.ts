import type { Logger } from 'pino';
import type { ToolConnections } from './connections.js';

/**
 * Makes sure the workspace has a live tool connection to the integration's plugin so its tools
 * reach the agents (spec: created automatically unless one with the same server type exists). An
 * existing one re-reads its tools, as the plugin's server is rebuilt with the new settings; one
 * left in error is replaced by a fresh one. Returns the connection id, or null when it could not be
 * opened (logged, never thrown: the settings that asked for it stay saved).
 */
export async function ensureIntegrationConnection(deps: { connections: ToolConnections; logger: Logger }, workspaceId: string, integrationId: string): Promise<string | null> {
  let existing = (await deps.connections.list(workspaceId)).find((c) => c.server_type === integrationId && c.connection_status !== 'disconnected');
  if (existing?.connection_status === 'error') {
    // Left in error (its credentials were refused, e.g. a failed OAuth refresh): new settings
    // replace it with a fresh connection rather than re-reading tools through a dead one.
    await deps.connections.disconnect(workspaceId, existing.id).catch(() => undefined);
    existing = undefined;
  }
  if (existing) {
    await deps.connections.get(existing.id)?.refreshCatalog();
    return existing.id;
  }
  try {
    const { connection } = await deps.connections.connect(workspaceId, { server_type: integrationId, server_name: integrationId });
    return connection.id;
  } catch (error) {
    deps.logger.warn({ err: error, integration: integrationId }, 'could not open the tool connection of a configured integration');
    return null;
  }
}
