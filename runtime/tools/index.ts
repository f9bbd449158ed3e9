import type { Logger } from 'pino';
import { builtInPlugins } from '../../plugins/index.js';
import type { KnowledgeBase, Plugin } from '../../plugins/contract.js';
import { createPluginRegistry } from '../../plugins/registry.js';
import type { Repositories } from '../../storage/index.js';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { IdGenerator } from '../ids.js';
import type { SecretCipher } from '../secrets/cipher.js';
import { createToolConnections } from './connections.js';
import { createGuardedFetch } from './guardedFetch.js';
import { createIntegrationRunner } from './integrationRunner.js';
import { createIntegrations } from './integrations.js';
import { createPluginHost } from './pluginHost.js';
import { defaultToolSettings, type ToolSettings } from './settings.js';
import { createToolService } from './toolService.js';

export interface ToolsOptions {
  /** Plugins to run instead of the built-in ones (tests add the example plugin). */
  plugins?: Plugin[];
  /** Overrides of the tool settings (tests shorten backoff and health checks). */
  settings?: Partial<ToolSettings>;
  /** Randomness for reconnect jitter; Math.random unless a test hands in another. */
  random?: () => number;
  /** The workspace's knowledge base, once it exists (chat issue). */
  knowledge?: (workspaceId: string) => KnowledgeBase | undefined;
  /** Retry policy of integration calls (tests shorten it). */
  integrationRetry?: { retries: number; minTimeoutMs: number };
}

/** Builds the MCP client side from config: plugins, connections, the agents' tool service, integrations. */
export function createTools(deps: { config: Config; repos: Repositories; cipher: SecretCipher; clock: Clock; ids: IdGenerator; logger: Logger }, options: ToolsOptions = {}) {
  const { config, cipher } = deps;
  const settings: ToolSettings = {
    ...defaultToolSettings,
    stdioAllow: config.mcpStdioAllow,
    connectTimeoutMs: config.mcpConnectTimeoutMs,
    callTimeoutMs: config.mcpCallTimeoutMs,
    healthCheckMs: config.mcpHealthCheckMs,
    allowPrivateUrls: config.allowPrivateUrls,
    ...options.settings,
  };
  const fetch = createGuardedFetch({ allowPrivate: settings.allowPrivateUrls, connectTimeoutMs: settings.connectTimeoutMs });
  const registry = createPluginRegistry(options.plugins ?? builtInPlugins());
  const pluginHost = createPluginHost({
    registry,
    integrationConfigs: deps.repos.integrationConfigs,
    pluginKv: deps.repos.pluginKv,
    cipher,
    clock: deps.clock,
    logger: deps.logger,
    dataDir: config.dataDir,
    fetch,
    apiUrls: { code: config.codeApiUrl, chat: config.chatApiUrl },
    ...(options.knowledge ? { knowledge: options.knowledge } : {}),
  });
  const connections = createToolConnections({ repos: deps.repos, registry, pluginHost, settings, fetch, cipher, clock: deps.clock, ids: deps.ids, random: options.random ?? Math.random, logger: deps.logger });
  const service = createToolService({ connections, repos: deps.repos, settings, clock: deps.clock, ids: deps.ids, logger: deps.logger });
  const integrations = createIntegrations({ registry, repos: deps.repos, cipher, clock: deps.clock, connections, logger: deps.logger });
  const runner = createIntegrationRunner({ registry, pluginHost, repos: deps.repos, settings, fetch, clock: deps.clock, logger: deps.logger, ...(options.integrationRetry ? { retry: options.integrationRetry } : {}) });
  return {
    settings,
    registry,
    pluginHost,
    connections,
    /** What agents use: tools for a step, calls, analytics. */
    service,
    integrations,
    runner,
    async close(): Promise<void> {
      await connections.close();
      await fetch.close();
    },
  };
}

export type Tools = ReturnType<typeof createTools>;
