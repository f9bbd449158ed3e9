import { SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import type { Logger } from 'pino';
import type { KnowledgeBase, Plugin } from '../../plugins/contract.js';
import { createPluginRegistry } from '../../plugins/registry.js';
import type { Repositories } from '../../storage/index.js';
import type { ActorHost } from '../actors/actorHost.js';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { IdGenerator } from '../ids.js';
import { crews } from '../../crews/index.js';
import type { SecretCipher } from '../secrets/cipher.js';
import { createToolConnections } from './connections.js';
import { createGuardedFetch } from './guardedFetch.js';
import { createIntegrationRunner } from './integrationRunner.js';
import { createIntegrations } from './integrations.js';
import { createIntegrationCredentials } from './oauth/integrationCredentials.js';
import { createOAuthConnect } from './oauth/oauthConnect.js';
import { createToolOAuth, type ToolOAuthDeps } from './oauth/toolOAuth.js';
import { createPluginHost } from './pluginHost.js';
import { createPluginJobs } from './pluginJobs.js';
import { createPluginRuns, type PluginRunService, type PluginRunsDeps } from './pluginRuns.js';
import { defaultRetryPolicy, type RetryPolicy } from './retryPolicy.js';
import { defaultToolSettings, type ToolSettings } from './settings.js';
import { createToolInvoker } from './toolInvoker.js';
import { createToolService } from './toolService.js';
import type { PluginRegistry } from '../../plugins/registry.js';
import type { PluginHost } from './pluginHost.js';
import type { ToolConnections } from './connections.js';
import type { ToolService } from './toolService.js';
import type { Integrations } from './integrations.js';
import type { PluginJobs } from './pluginJobs.js';
import type { OAuthConnect } from './oauth/oauthConnect.js';
import type { ToolOAuth } from './oauth/toolOAuth.js';
import type { CrewId } from '../../schemas/crewIds.js';
import type { ActiveFlag } from './deployFlags.js';
import type { IntegrationRunInput, IntegrationRunResult } from './integrationRunner.js';

export interface ToolsOptions {
  /** Plugins to run instead of the built-in ones (tests add the example plugin); app/ reads it. */
  plugins?: Plugin[];
  /** Overrides of the tool settings (tests shorten backoff and health checks). */
  settings?: Partial<ToolSettings>;
  /** Randomness for reconnect jitter; Math.random unless a test hands in another. */
  random?: () => number;
  /** The workspace's knowledge base (runtime/knowledge), handed to plugins as `context.knowledge`. */
  knowledge?: (workspaceId: string) => KnowledgeBase;
  /** The retry policy of tool calls, agents' and integration flags' alike (tests shorten it). */
  retry?: Partial<RetryPolicy>;
  /** Backoff and waits of OAuth token refreshes of tool connections (tests shorten them). */
  oauthRefresh?: ToolOAuthDeps['refresh'];
}

export interface ToolsDeps {
  config: Config;
  repos: Repositories;
  cipher: SecretCipher;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  /** The plugins the service runs (app/ picks them: runtime/ imports no plugin). */
  plugins: readonly Plugin[];
  /** The actor host tool connections and plugin runs (contract: `runners`) are durable on. */
  actors: Pick<ActorHost, 'register' | 'commit' | 'flushed'>;
  /** Scale-out: plugin run starts for keys another process holds are forwarded to it (docs/leases.md). */
  forwarding?: PluginRunsDeps['forwarding'];
}

/**
 * Builds the MCP client side from config: plugins, connections, the agents' tool service,
 * integrations, and the plugins' jobs and durable runs.
 */
export function createTools(deps: ToolsDeps, options: ToolsOptions = {}): Tools {
  const { config, cipher } = deps;
  const settings: ToolSettings = {
    ...defaultToolSettings,
    stdioAllow: config.mcpStdioAllow,
    connectTimeoutMs: config.mcpConnectTimeoutMs,
    callTimeoutMs: config.mcpCallTimeoutMs,
    callWallTimeoutMs: config.toolCallTimeoutMs,
    healthCheckMs: config.mcpHealthCheckMs,
    allowPrivateUrls: config.allowPrivateUrls,
    ...options.settings,
  };
  const fetch = createGuardedFetch({ allowPrivate: settings.allowPrivateUrls, connectTimeoutMs: settings.connectTimeoutMs });
  const registry = createPluginRegistry(deps.plugins, { crewStages: Object.fromEntries(Object.values(crews).map((crew) => [crew.id, crew.stages.map((stage) => stage.name)])) });
  const pluginHost = createPluginHost({
    registry,
    integrationConfigs: deps.repos.integrationConfigs,
    pluginKv: deps.repos.pluginKv,
    cipher,
    clock: deps.clock,
    logger: deps.logger,
    dataDir: config.dataDir,
    fetch,
    apiUrls: config.pluginApiUrls,
    // Bound below, once the OAuth flow and the integrations exist.
    refreshSecrets: (workspaceId, pluginId, secrets) => refreshSecrets(workspaceId, pluginId, secrets),
    ...(options.knowledge ? { knowledge: options.knowledge } : {}),
    // Bound below: the runs call back into this host for the runner's context.
    runs: (workspaceId: string, pluginId: string) => pluginRuns.forPlugin(workspaceId, pluginId),
  });
  const pluginRuns: PluginRunService = createPluginRuns({ registry, actors: deps.actors, actorRows: deps.repos.actors, context: (workspaceId, pluginId) => pluginHost.context(workspaceId, pluginId), clock: deps.clock, ids: deps.ids, logger: deps.logger, ...(deps.forwarding ? { forwarding: deps.forwarding } : {}) });
  const toolOAuth = createToolOAuth({
    repos: deps.repos,
    cipher,
    clock: deps.clock,
    ids: deps.ids,
    fetch,
    logger: deps.logger,
    publicUrl: config.publicUrl,
    preRegistered: config.oauthClients.mcp,
    clientMetadataUrl: config.mcpClientMetadataUrl,
    ...(options.oauthRefresh ? { refresh: options.oauthRefresh } : {}),
    // A refused refresh token: the connection goes to error (auth_required) now, not at its next 401.
    onRefused: (_workspaceId, connectionId, error) => connections.get(connectionId)?.reportFailure(new SdkError(SdkErrorCode.ClientHttpAuthentication, `The OAuth refresh token was refused (${error}); connect the tool again.`)),
  });
  const connections = createToolConnections({ repos: deps.repos, registry, pluginHost, settings, fetch, cipher, clock: deps.clock, ids: deps.ids, random: options.random ?? Math.random, logger: deps.logger, actors: deps.actors, oauth: toolOAuth });
  // The one way a tool is called: agents' calls (service) and integration flags (runner).
  const invoker = createToolInvoker({ toolCalls: deps.repos.toolCalls, settings, retry: { ...defaultRetryPolicy, ...options.retry }, clock: deps.clock, ids: deps.ids, logger: deps.logger });
  const service = createToolService({ connections, repos: deps.repos, settings, clock: deps.clock, invoker });
  const integrations = createIntegrations({ registry, repos: deps.repos, cipher, clock: deps.clock, connections, logger: deps.logger, oauthClients: config.oauthClients });
  const oauth = createOAuthConnect({
    registry,
    repos: deps.repos,
    cipher,
    clock: deps.clock,
    fetch,
    logger: deps.logger,
    publicUrl: config.publicUrl,
    clients: config.oauthClients,
    async saveTokens(workspaceId, integrationId, tokens) {
      // The tokens go to the one credential store; the integration is marked configured and connected.
      const client = oauth.clientOf(integrationId);
      if (client) await integrationCredentials.save(workspaceId, integrationId, tokens, client);
      await integrations.saveSecretsAndConnect(workspaceId, integrationId, client ? {} : { ...tokens });
      await integrations.markAuth(workspaceId, integrationId, 'ok');
    },
  });
  const integrationCredentials = createIntegrationCredentials({ repos: deps.repos, cipher, clock: deps.clock, fetch, ...(options.oauthRefresh ? { refresh: options.oauthRefresh } : {}) });
  /** Renews a token about to expire and saves it; a refused refresh marks the integration auth_required. */
  async function refreshSecrets(workspaceId: string, pluginId: string, secrets: Record<string, string>): Promise<Record<string, string>> {
    const stored = await integrationCredentials.current(workspaceId, pluginId);
    if (stored === 'refused') {
      deps.logger.warn({ workspace_id: workspaceId, integration: pluginId }, 'OAuth token refresh refused; the integration needs to be connected again');
      await integrations.markAuth(workspaceId, pluginId, 'auth_required');
      return secrets;
    }
    if (stored) return { ...secrets, ...stored };
    // Tokens stored among the integration's secrets before the credential store existed.
    try {
      const renewed = await oauth.refreshIfDue(pluginId, secrets);
      if (!renewed) return secrets;
      const next = { ...secrets, ...renewed };
      const row = await deps.repos.integrationConfigs.get(workspaceId, pluginId);
      if (row) await deps.repos.integrationConfigs.upsert({ ...row, secrets: cipher.encrypt(JSON.stringify(next)), updated_at: deps.clock.now().toISOString() });
      return next;
    } catch (error) {
      deps.logger.warn({ workspace_id: workspaceId, integration: pluginId, err: { message: (error as Error).message } }, 'OAuth token refresh failed; the integration needs to be connected again');
      await integrations.markAuth(workspaceId, pluginId, 'auth_required');
      return secrets;
    }
  }
  const runner = createIntegrationRunner({ registry, pluginHost, repos: deps.repos, settings, fetch, invoker, logger: deps.logger });
  return {
    settings,
    registry,
    pluginHost,
    connections,
    /** What agents use: tools for a step, calls, analytics. */
    service,
    integrations,
    /** The plugins' declared cron jobs; `install(scheduler)` puts them on the durable timers. */
    pluginJobs: createPluginJobs({ registry, pluginHost, integrationConfigs: deps.repos.integrationConfigs, clock: deps.clock, logger: deps.logger }),
    /** Durable runs of the plugins' runners. */
    pluginRuns,
    /** OAuth connect for plugins that declare `oauth` (routes in http/routes/oauth.ts). */
    oauth,
    /** MCP authorization of `{auth: "oauth"}` tool connections (routes in http/routes/toolOAuth.ts). */
    toolOAuth,
    runner,
    async close(): Promise<void> {
      await connections.close();
      await fetch.close();
    },
  };
}

export interface Tools {
  settings: ToolSettings;
  registry: PluginRegistry;
  pluginHost: PluginHost;
  connections: ToolConnections;
  /** What agents use: tools for a step, calls, analytics. */
  service: ToolService;
  integrations: Integrations;
  /** The plugins' declared cron jobs; `install(scheduler)` puts them on the durable timers. */
  pluginJobs: PluginJobs;
  /** Durable runs of the plugins' runners. */
  pluginRuns: PluginRunService;
  /** OAuth connect for plugins that declare `oauth` (routes in http/routes/oauth.ts). */
  oauth: OAuthConnect;
  /** MCP authorization of `{auth: 'oauth'}` tool connections (routes in http/routes/toolOAuth.ts). */
  toolOAuth: ToolOAuth;
  runner: {
    dueAt: (crew: CrewId, stage: string, flags: readonly ActiveFlag[]) => ActiveFlag[];
    run(input: IntegrationRunInput): Promise<IntegrationRunResult>;
  };
  close(): Promise<void>;
}
