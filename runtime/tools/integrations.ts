import { SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import type { Logger } from 'pino';
import type { Plugin } from '../../plugins/contract.js';
import type { PluginRegistry } from '../../plugins/registry.js';
import type { ConfigureRequest } from '../../schemas/integrations.js';
import type { Repositories } from '../../storage/index.js';
import type { Clock } from '../clock.js';
import { errors } from '../errors.js';
import type { SecretCipher } from '../secrets/cipher.js';
import type { ToolConnections } from './connections.js';
import { validateDeployFlags, type ActiveFlag } from './deployFlags.js';
import { createIntegrationAccess } from './integrationAccess.js';
import { ensureIntegrationConnection } from './integrationConnection.js';
import { integrationView, type IntegrationView } from './integrationView.js';
import { createSettingsValidator } from './settingsValidator.js';

/**
 * Fields the configure body may carry beside `settings` (spec: Integrations); a plugin takes those
 * its manifest lists in `configureFields` (the chat tool's channel and switches).
 */
const topLevelFields = ['channel', 'notify_on_completion', 'import_context'] as const;

/**
 * The Integrations endpoints and deploy-flag validation: which integrations exist, their saved
 * settings (secrets encrypted, never returned), and whether a deploy's `integrations` flags name
 * real flags of the right type whose integration is configured.
 */
export function createIntegrations(deps: { registry: PluginRegistry; repos: Repositories; cipher: SecretCipher; clock: Clock; connections: ToolConnections; logger: Logger; oauthClients?: Readonly<Record<string, unknown>> }): Integrations {
  const validateSettings = createSettingsValidator();
  const view = (workspaceId: string, plugin: Plugin) => integrationView(deps, workspaceId, plugin);
  const access = createIntegrationAccess(deps);

  function pluginOr404(integrationId: string): Plugin {
    const plugin = deps.registry.get(integrationId);
    if (!plugin) throw errors.notFound('Integration', { integration_id: integrationId, available: deps.registry.list().map((p) => p.manifest.id) });
    return plugin;
  }

  /** Saves an integration's settings and encrypted secrets, keeping its creation time. */
  async function save(workspaceId: string, integrationId: string, settings: (previous: Record<string, unknown> | undefined) => Record<string, unknown>, secrets: (stored: Record<string, string>) => string | null) {
    const previous = await deps.repos.integrationConfigs.get(workspaceId, integrationId);
    const stored: Record<string, string> = previous?.secrets ? JSON.parse(deps.cipher.decrypt(previous.secrets)) : {};
    const at = deps.clock.now().toISOString();
    access.forget(workspaceId);
    await deps.repos.integrationConfigs.upsert({
      workspace_id: workspaceId,
      integration_id: integrationId,
      settings: settings(previous?.settings),
      secrets: secrets(stored),
      created_at: previous?.created_at ?? at,
      updated_at: at,
    });
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
     * stored value), then makes sure the workspace has a tool connection to the plugin.
     */
    async configure(workspaceId: string, integrationId: string, body: ConfigureRequest): Promise<IntegrationView> {
      const plugin = pluginOr404(integrationId);
      const settings: Record<string, unknown> = { ...(body.settings ?? {}) };
      for (const name of topLevelFields) {
        if (body[name] === undefined) continue;
        const owner = deps.registry.list().find((candidate) => candidate.manifest.configureFields?.includes(name));
        if (owner !== plugin) throw errors.invalidRequest(`Field '${name}' applies to the ${owner?.manifest.id ?? 'other'} integration only.`, { field: name, reason: 'unknown_field' });
        settings[name] = body[name];
      }
      validateSettings(plugin, settings);
      const secretNames = new Set(plugin.manifest.secrets.map((secret) => secret.name));
      const plain = Object.fromEntries(Object.entries(settings).filter(([key]) => !secretNames.has(key)));
      await save(
        workspaceId,
        integrationId,
        () => plain,
        (secrets) => {
          for (const [key, value] of Object.entries(settings)) if (secretNames.has(key)) secrets[key] = String(value);
          return Object.keys(secrets).length > 0 ? deps.cipher.encrypt(JSON.stringify(secrets)) : null;
        },
      );
      await ensureIntegrationConnection(deps, workspaceId, integrationId);
      return view(workspaceId, plugin);
    },

    /**
     * Merges `secrets` into the integration's saved secrets (encrypted; settings kept) and makes
     * sure the workspace has a live tool connection to the plugin, as when a token arrives through
     * another flow (the chat configure endpoint). Returns the connection id, or null when the
     * connection could not be opened (logged; the token is still saved).
     */
    async saveSecretsAndConnect(workspaceId: string, integrationId: string, secrets: Record<string, string>): Promise<string | null> {
      pluginOr404(integrationId);
      await save(
        workspaceId,
        integrationId,
        (previous) => previous ?? {},
        (stored) => deps.cipher.encrypt(JSON.stringify(Object.assign(stored, secrets))),
      );
      return ensureIntegrationConnection(deps, workspaceId, integrationId);
    },

    /**
     * Marks the integration `auth_required` (a token refresh failed) or clears the mark (new
     * tokens arrived). The mark lives beside the settings and is shown as `auth_status`.
     */
    async markAuth(workspaceId: string, integrationId: string, status: 'ok' | 'auth_required'): Promise<void> {
      const previous = await deps.repos.integrationConfigs.get(workspaceId, integrationId);
      if (!previous) return;
      const { __auth_status: _old, ...rest } = previous.settings;
      await deps.repos.integrationConfigs.upsert({ ...previous, settings: status === 'ok' ? rest : { ...rest, __auth_status: status }, updated_at: deps.clock.now().toISOString() });
      access.forget(workspaceId);
      if (status === 'auth_required') {
        // Its tool connection turns auth_required too (state error, no retry loop) until the
        // integration is connected again, which opens a fresh connection (ensureIntegrationConnection).
        const connection = (await deps.connections.list(workspaceId)).find((c) => c.server_type === integrationId && c.connection_status === 'active');
        if (connection) deps.connections.get(connection.id)?.reportFailure(new SdkError(SdkErrorCode.ClientHttpAuthentication, `The ${integrationId} integration's OAuth refresh token was refused; connect it again.`));
      }
    },

    /**
     * Integration ids usable by the workspace: registered, and configured (or working
     * unconfigured). The crews list and the agents name only these. Cached per workspace for a
     * few seconds; configure on this node clears the cache at once.
     */
    async usable(workspaceId: string): Promise<ReadonlySet<string>> {
      return (await access.read(workspaceId)).ids;
    },

    /** Integration ids the workspace configured whose plugin is still installed (the same few-second cache). */
    async configured(workspaceId: string): Promise<readonly string[]> {
      return (await access.read(workspaceId)).configured;
    },

    /** See validateDeployFlags. */
    validateFlags: (workspaceId: string, flags: Record<string, unknown> | undefined): Promise<ActiveFlag[]> => validateDeployFlags(deps, workspaceId, flags),
  };
}

export interface Integrations {
  list(workspaceId: string): Promise<IntegrationView[]>;
  get(workspaceId: string, integrationId: string): Promise<IntegrationView>;
  /**
   * Validates and saves `settings` (secrets split off and encrypted; a secret left out keeps its
   * stored value), then makes sure the workspace has a tool connection to the plugin.
   */
  configure(workspaceId: string, integrationId: string, body: ConfigureRequest): Promise<IntegrationView>;
  /**
   * Merges `secrets` into the integration's saved secrets (encrypted; settings kept) and makes
   * sure the workspace has a live tool connection to the plugin, as when a token arrives through
   * another flow (the chat configure endpoint). Returns the connection id, or null when the
   * connection could not be opened (logged; the token is still saved).
   */
  saveSecretsAndConnect(workspaceId: string, integrationId: string, secrets: Record<string, string>): Promise<string | null>;
  /**
   * Marks the integration `auth_required` (a token refresh failed) or clears the mark (new
   * tokens arrived). The mark lives beside the settings and is shown as `auth_status`.
   */
  markAuth(workspaceId: string, integrationId: string, status: 'ok' | 'auth_required'): Promise<void>;
  /**
   * Integration ids usable by the workspace: registered, and configured (or working
   * unconfigured). The crews list and the agents name only these. Cached per workspace for a
   * few seconds; configure on this node clears the cache at once.
   */
  usable(workspaceId: string): Promise<ReadonlySet<string>>;
  /** Integration ids the workspace configured whose plugin is still installed (the same few-second cache). */
  configured(workspaceId: string): Promise<readonly string[]>;
  /** See validateDeployFlags. */
  validateFlags: (workspaceId: string, flags: Record<string, unknown> | undefined) => Promise<ActiveFlag[]>;
}
