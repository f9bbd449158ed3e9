import fs from 'node:fs/promises';
import path from 'node:path';
import type { McpServer } from '@modelcontextprotocol/server';
import type { Logger } from 'pino';
import type { KnowledgeBase, PluginContext, PluginKeyValueStore, PluginRuns } from '../../plugins/contract.js';
import type { PluginRegistry } from '../../plugins/registry.js';
import type { IntegrationConfigsRepository } from '../../storage/repositories/integrationConfigs.js';
import type { PluginKvRepository } from '../../storage/repositories/pluginKv.js';
import type { Clock } from '../clock.js';
import type { SecretCipher } from '../secrets/cipher.js';
import type { GuardedFetch } from './guardedFetch.js';

export interface PluginHostDeps {
  registry: PluginRegistry;
  integrationConfigs: IntegrationConfigsRepository;
  pluginKv: PluginKvRepository;
  cipher: SecretCipher;
  clock: Clock;
  logger: Logger;
  /** Root of the local-folder backends: `<dataDir>/integrations/<workspace>/<plugin>`. */
  dataDir: string;
  fetch: GuardedFetch;
  /** Operator base URLs by plugin id (every CREWD_<ID>_API_URL). */
  apiUrls: Record<string, string>;
  /**
   * Renews OAuth tokens about to expire before a plugin sees them; answers the secrets to use
   * (stored ones when nothing was due). Set by the OAuth connect flow.
   */
  refreshSecrets?: (workspaceId: string, pluginId: string, secrets: Record<string, string>) => Promise<Record<string, string>>;
  /** The workspace's knowledge base (runtime/knowledge), bound to the workspace. */
  knowledge?: (workspaceId: string) => KnowledgeBase;
  /** Durable runs of the plugin's runners (runtime/tools/pluginRuns.ts), where actors run. */
  runs?: (workspaceId: string, pluginId: string) => PluginRuns;
}

/** Directory names from ids: ids are already safe, this keeps a hostile one inside the root. */
function safeSegment(value: string): string {
  return value.replace(/[^A-Za-z0-9_-]/g, '_') || '_';
}

/**
 * Builds what a plugin sees (its context) and its MCP server, per (workspace, plugin). The only
 * place that decrypts integration secrets for a plugin.
 */
export function createPluginHost(deps: PluginHostDeps): PluginHost {
  function kvFor(workspaceId: string, pluginId: string): PluginKeyValueStore {
    const now = () => deps.clock.now().toISOString();
    return {
      get: async <T>(key: string) => (await deps.pluginKv.get(workspaceId, pluginId, key)) as T | undefined,
      set: (key, value) => deps.pluginKv.set(workspaceId, pluginId, key, value, now()),
      setIfAbsent: async <T>(key: string, value: T) => (await deps.pluginKv.setIfAbsent(workspaceId, pluginId, key, value, now())) as T | undefined,
      delete: (key) => deps.pluginKv.delete(workspaceId, pluginId, key),
    };
  }

  async function context(workspaceId: string, pluginId: string, extraSecrets: Record<string, string> = {}): Promise<PluginContext> {
    const config = await deps.integrationConfigs.get(workspaceId, pluginId);
    const decrypted: Record<string, string> = config?.secrets ? JSON.parse(deps.cipher.decrypt(config.secrets)) : {};
    const stored = deps.refreshSecrets ? await deps.refreshSecrets(workspaceId, pluginId, decrypted) : decrypted;
    const dataDir = path.join(deps.dataDir, 'integrations', safeSegment(workspaceId), safeSegment(pluginId));
    await fs.mkdir(dataDir, { recursive: true });
    const knowledge = deps.knowledge?.(workspaceId);
    const runs = deps.runs?.(workspaceId, pluginId);
    // Keys the runtime keeps beside the settings (`__auth_status`) are not the plugin's.
    const settings = Object.freeze(Object.fromEntries(Object.entries(config?.settings ?? {}).filter(([key]) => !key.startsWith('__'))));
    return {
      workspaceId,
      settings,
      secrets: Object.freeze({ ...stored, ...extraSecrets }),
      logger: deps.logger.child({ plugin: pluginId, workspace_id: workspaceId }),
      clock: deps.clock,
      kv: kvFor(workspaceId, pluginId),
      ...(knowledge ? { knowledge } : {}),
      ...(runs ? { runs } : {}),
      fetch: deps.fetch,
      dataDir,
      apiUrls: Object.freeze({ ...deps.apiUrls }),
    };
  }

  return {
    context,
    /** A factory for the plugin's server in this workspace (called on every (re)connect). */
    serverFactory(workspaceId: string, pluginId: string, extraSecrets: Record<string, string> = {}): () => Promise<McpServer> {
      const plugin = deps.registry.get(pluginId);
      if (!plugin) throw new Error(`unknown plugin ${pluginId}`);
      return async () => plugin.register(await context(workspaceId, pluginId, extraSecrets));
    },
    async isConfigured(workspaceId: string, pluginId: string): Promise<boolean> {
      return (await deps.integrationConfigs.get(workspaceId, pluginId)) !== undefined;
    },
  };
}

export interface PluginHost {
  context: (workspaceId: string, pluginId: string, extraSecrets?: Record<string, string>) => Promise<PluginContext>;
  /** A factory for the plugin's server in this workspace (called on every (re)connect). */
  serverFactory(workspaceId: string, pluginId: string, extraSecrets?: Record<string, string>): () => Promise<McpServer>;
  isConfigured(workspaceId: string, pluginId: string): Promise<boolean>;
}
