import type { Plugin } from '../../plugins/contract.js';
import type { Repositories } from '../../storage/index.js';
import type { SecretCipher } from '../secrets/cipher.js';
import type { ToolConnections } from './connections.js';

/** One entry of GET /v1/integrations. */
export interface IntegrationView {
  id: string;
  kind: string;
  display_name: string;
  crews: string[];
  flags: string[];
  configured: boolean;
  settings: Record<string, unknown>;
  connection_status: 'active' | 'error' | 'disconnected';
  connection_id: string | null;
  updated_at: string | null;
}

const redacted = '[redacted]';

/** An integration as the API shows it: saved settings with every secret redacted, and its connection. */
export async function integrationView(
  deps: { repos: Repositories; cipher: SecretCipher; connections: ToolConnections },
  workspaceId: string,
  plugin: Plugin,
): Promise<IntegrationView> {
  const config = await deps.repos.integrationConfigs.get(workspaceId, plugin.manifest.id);
  const secretNames = config?.secrets ? Object.keys(JSON.parse(deps.cipher.decrypt(config.secrets)) as object) : [];
  const connection = (await deps.connections.list(workspaceId)).find((c) => c.server_type === plugin.manifest.id && c.connection_status !== 'disconnected');
  return {
    id: plugin.manifest.id,
    kind: plugin.manifest.kind,
    display_name: plugin.manifest.displayName,
    crews: [...plugin.manifest.crews],
    flags: plugin.manifest.flags.map((flag) => flag.name),
    configured: config !== undefined,
    settings: { ...(config?.settings ?? {}), ...Object.fromEntries(secretNames.map((name) => [name, redacted])) },
    connection_status: connection?.connection_status ?? 'disconnected',
    connection_id: connection?.id ?? null,
    updated_at: config?.updated_at ?? null,
  };
}
