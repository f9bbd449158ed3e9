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
  /** The configure body's `settings` schema; secret properties carry `writeOnly: true` and `x-secret: true`. */
  settings_schema: Record<string, unknown>;
  /** How the integration connects: `oauth` is offered when the operator set its OAuth client. */
  auth: { token: boolean; oauth: boolean };
  /** `auth_required` when a token refresh failed (connect again through OAuth or configure a new token). */
  auth_status: 'ok' | 'auth_required';
  connection_status: 'active' | 'error' | 'disconnected';
  connection_id: string | null;
  updated_at: string | null;
}

const redacted = '[redacted]';

/** An integration as the API shows it: saved settings with every secret redacted, and its connection. */
export async function integrationView(
  deps: { repos: Repositories; cipher: SecretCipher; connections: ToolConnections; oauthClients?: Readonly<Record<string, unknown>> },
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
    settings_schema: markSecrets(plugin),
    auth: { token: plugin.manifest.secrets.length > 0, oauth: plugin.manifest.oauth !== undefined && deps.oauthClients?.[plugin.manifest.id] !== undefined },
    auth_status: config?.settings.__auth_status === 'auth_required' ? 'auth_required' : 'ok',
    settings: { ...withoutInternal(config?.settings ?? {}), ...Object.fromEntries(secretNames.filter((name) => plugin.manifest.secrets.some((secret) => secret.name === name)).map((name) => [name, redacted])) },
    connection_status: connection?.connection_status ?? 'disconnected',
    connection_id: connection?.id ?? null,
    updated_at: config?.updated_at ?? null,
  };
}

/** Keys the runtime keeps beside a plugin's settings (`__auth_status`); never shown as settings. */
export function withoutInternal(settings: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(settings).filter(([key]) => !key.startsWith('__')));
}

const marked = new WeakMap<Plugin, Record<string, unknown>>();

/** The settings schema with every secret property marked, built once per plugin. */
function markSecrets(plugin: Plugin): Record<string, unknown> {
  let schema = marked.get(plugin);
  if (!schema) {
    const secrets = new Set(plugin.manifest.secrets.map((secret) => secret.name));
    const properties = (plugin.manifest.settingsSchema.properties ?? {}) as Record<string, Record<string, unknown>>;
    schema = {
      ...plugin.manifest.settingsSchema,
      properties: Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, secrets.has(name) ? { ...property, writeOnly: true, 'x-secret': true } : property])),
    };
    marked.set(plugin, schema);
  }
  return schema;
}
