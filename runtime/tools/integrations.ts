import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { Logger } from 'pino';
import type { Plugin } from '../../plugins/contract.js';
import type { PluginRegistry } from '../../plugins/registry.js';
import type { Repositories } from '../../storage/index.js';
import type { Clock } from '../clock.js';
import { errors, ServiceError } from '../errors.js';
import type { SecretCipher } from '../secrets/cipher.js';
import type { ToolConnections } from './connections.js';

/** Fields of the configure body beside `settings` that the chat tool takes (spec: Integrations). */
const chatTopLevel = ['channel', 'notify_on_completion', 'import_context'] as const;

export interface ConfigureBody {
  settings?: Record<string, unknown>;
  channel?: string;
  notify_on_completion?: boolean;
  import_context?: boolean;
}

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

/** An accepted deploy flag, ready for the runner. */
export interface ActiveFlag {
  flag: string;
  value: boolean | string;
  integration: string;
}

const redacted = '[redacted]';

function settingsError(error: ErrorObject | undefined, integrationId: string): ServiceError {
  const base = (error?.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  let field = base ? `settings.${base}` : 'settings';
  if (error?.keyword === 'additionalProperties') field = `${field}.${(error.params as { additionalProperty: string }).additionalProperty}`;
  if (error?.keyword === 'required') field = `${field}.${(error.params as { missingProperty: string }).missingProperty}`;
  const reason = error?.keyword === 'additionalProperties' ? 'unknown_field' : (error?.keyword ?? 'invalid');
  return errors.invalidRequest(`Field '${field}' ${error?.keyword === 'additionalProperties' ? 'is not a setting of this integration' : (error?.message ?? 'is invalid')}.`, {
    field,
    reason,
    integration: integrationId,
  });
}

/**
 * The Integrations endpoints and deploy-flag validation: which integrations exist, their saved
 * settings (secrets encrypted, never returned), and whether a deploy's `integrations` flags name
 * real flags of the right type whose integration is configured.
 */
export function createIntegrations(deps: { registry: PluginRegistry; repos: Repositories; cipher: SecretCipher; clock: Clock; connections: ToolConnections; logger: Logger }) {
  const ajv = new Ajv({ allErrors: false, strict: false });
  const validators = new Map<string, ValidateFunction>();
  const validatorFor = (plugin: Plugin) => {
    let fn = validators.get(plugin.manifest.id);
    if (!fn) {
      fn = ajv.compile(plugin.manifest.settingsSchema);
      validators.set(plugin.manifest.id, fn);
    }
    return fn;
  };

  function pluginOr404(integrationId: string): Plugin {
    const plugin = deps.registry.get(integrationId);
    if (!plugin) throw errors.notFound('Integration', { integration_id: integrationId, available: deps.registry.list().map((p) => p.manifest.id) });
    return plugin;
  }

  async function view(workspaceId: string, plugin: Plugin): Promise<IntegrationView> {
    const config = await deps.repos.integrationConfigs.get(workspaceId, plugin.manifest.id);
    const secretNames = config?.secrets ? Object.keys(JSON.parse(deps.cipher.decrypt(config.secrets)) as object) : [];
    const connections = (await deps.connections.list(workspaceId)).filter((c) => c.server_type === plugin.manifest.id && c.connection_status !== 'disconnected');
    const connection = connections[0];
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

  return {
    async list(workspaceId: string): Promise<IntegrationView[]> {
      return Promise.all(deps.registry.list().map((plugin) => view(workspaceId, plugin)));
    },

    async get(workspaceId: string, integrationId: string): Promise<IntegrationView> {
      return view(workspaceId, pluginOr404(integrationId));
    },

    /**
     * Validates and saves `settings` (secrets split off and encrypted; a secret left out keeps its
     * stored value), then makes sure the workspace has a tool connection to the plugin so its
     * tools reach the agents (spec: a tool connection is created automatically unless one with
     * the same server type exists).
     */
    async configure(workspaceId: string, integrationId: string, body: ConfigureBody): Promise<IntegrationView> {
      const plugin = pluginOr404(integrationId);
      const settings: Record<string, unknown> = { ...(body.settings ?? {}) };
      for (const name of chatTopLevel) {
        if (body[name] === undefined) continue;
        if (integrationId !== 'chat') throw errors.invalidRequest(`Field '${name}' applies to the chat integration only.`, { field: name, reason: 'unknown_field' });
        settings[name] = body[name];
      }
      const fn = validatorFor(plugin);
      if (!fn(settings)) throw settingsError(fn.errors?.[0], integrationId);
      const secretNames = new Set(plugin.manifest.secrets.map((secret) => secret.name));
      const previous = await deps.repos.integrationConfigs.get(workspaceId, integrationId);
      const secrets: Record<string, string> = previous?.secrets ? JSON.parse(deps.cipher.decrypt(previous.secrets)) : {};
      const plain: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(settings)) {
        if (secretNames.has(key)) secrets[key] = String(value);
        else plain[key] = value;
      }
      const at = deps.clock.now().toISOString();
      await deps.repos.integrationConfigs.upsert({
        workspace_id: workspaceId,
        integration_id: integrationId,
        settings: plain,
        secrets: Object.keys(secrets).length > 0 ? deps.cipher.encrypt(JSON.stringify(secrets)) : null,
        created_at: previous?.created_at ?? at,
        updated_at: at,
      });
      const existing = (await deps.connections.list(workspaceId)).find((c) => c.server_type === integrationId && c.connection_status !== 'disconnected');
      if (existing) {
        // Settings changed: the plugin's server is rebuilt with them on its next connect.
        await deps.connections.get(existing.id)?.refreshCatalog();
      } else {
        try {
          await deps.connections.connect(workspaceId, { server_type: integrationId, server_name: integrationId });
        } catch (error) {
          deps.logger.warn({ err: error, integration: integrationId }, 'could not open the tool connection of a configured integration');
        }
      }
      return view(workspaceId, plugin);
    },

    /**
     * Merges `secrets` into the integration's saved secrets (encrypted; settings kept) and makes
     * sure the workspace has a live tool connection to the plugin, as when a token arrives through
     * another flow (the chat configure endpoint). Returns the connection id, or null when the
     * connection could not be opened (logged; the token is still saved).
     */
    async saveSecretsAndConnect(workspaceId: string, integrationId: string, secrets: Record<string, string>): Promise<string | null> {
      const plugin = pluginOr404(integrationId);
      const previous = await deps.repos.integrationConfigs.get(workspaceId, integrationId);
      const merged: Record<string, string> = previous?.secrets ? JSON.parse(deps.cipher.decrypt(previous.secrets)) : {};
      Object.assign(merged, secrets);
      const at = deps.clock.now().toISOString();
      await deps.repos.integrationConfigs.upsert({
        workspace_id: workspaceId,
        integration_id: integrationId,
        settings: previous?.settings ?? {},
        secrets: deps.cipher.encrypt(JSON.stringify(merged)),
        created_at: previous?.created_at ?? at,
        updated_at: at,
      });
      const existing = (await deps.connections.list(workspaceId)).find((c) => c.server_type === integrationId && c.connection_status !== 'disconnected');
      if (existing) {
        await deps.connections.get(existing.id)?.refreshCatalog();
        return existing.id;
      }
      try {
        const { connection } = await deps.connections.connect(workspaceId, { server_type: integrationId, server_name: integrationId });
        return connection.id;
      } catch (error) {
        deps.logger.warn({ err: error, integration: plugin.manifest.id }, 'could not open the tool connection of a configured integration');
        return null;
      }
    },

    /**
     * Checks a deploy's `integrations` object (call before the outcome is created). Throws 400
     * `invalid_request` naming an unknown flag or a value of the wrong type, and 400
     * `integration_not_configured` naming the integration. Returns the flags that will run
     * (`false` flags are accepted and do nothing).
     */
    async validateFlags(workspaceId: string, flags: Record<string, unknown> | undefined): Promise<ActiveFlag[]> {
      if (flags === undefined || flags === null) return [];
      if (typeof flags !== 'object' || Array.isArray(flags)) throw errors.invalidRequest("Field 'integrations' must be an object of flags.", { field: 'integrations', reason: 'type' });
      const active: ActiveFlag[] = [];
      for (const [name, value] of Object.entries(flags)) {
        const binding = deps.registry.flag(name);
        const field = `integrations.${name}`;
        if (!binding) {
          throw errors.invalidRequest(`Unknown integration flag '${name}'.`, { field, reason: 'unknown_flag', known_flags: deps.registry.flags().map((b) => b.flag.name) });
        }
        const ok = binding.flag.type === 'boolean' ? typeof value === 'boolean' : typeof value === 'string' && value.trim() !== '';
        if (!ok) throw errors.invalidRequest(`Field '${field}' must be a ${binding.flag.type === 'boolean' ? 'boolean' : 'non-empty string'}.`, { field, reason: 'type', expected: binding.flag.type });
        if (value === false) continue;
        const id = binding.plugin.manifest.id;
        if (!binding.plugin.manifest.worksUnconfigured && !(await deps.repos.integrationConfigs.get(workspaceId, id))) {
          throw new ServiceError(400, 'integration_not_configured', `The ${id} integration is not configured; POST /v1/integrations/${id}/configure first.`, { integration: id, flag: name, field });
        }
        active.push({ flag: name, value: value as boolean | string, integration: id });
      }
      return active;
    },
  };
}

export type Integrations = ReturnType<typeof createIntegrations>;
