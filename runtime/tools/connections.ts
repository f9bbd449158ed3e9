import type { Tool } from '@modelcontextprotocol/client';
import type { Logger } from 'pino';
import { publicStatus, type ToolConnectionStatusDetail } from '../../machines/toolConnection.js';
import type { PluginRegistry } from '../../plugins/registry.js';
import type { Repositories } from '../../storage/index.js';
import type { ToolCatalogRow } from '../../storage/repositories/toolCatalogs.js';
import type { ToolConnectionRow } from '../../storage/repositories/toolConnections.js';
import type { Clock } from '../clock.js';
import { errors, ServiceError } from '../errors.js';
import type { IdGenerator } from '../ids.js';
import type { SecretCipher } from '../secrets/cipher.js';
import { checkWebhookUrl } from '../webhooks/urlGuard.js';
import { catalogTools, collisions } from './catalog.js';
import { credentialHeaders } from './credentials.js';
import type { ClassifiedFailure } from './errors.js';
import type { GuardedFetch } from './guardedFetch.js';
import { CatalogCollisionError, createLiveConnection, type LiveConnection } from './liveConnection.js';
import type { PluginHost } from './pluginHost.js';
import type { McpTarget } from './session.js';
import type { ToolSettings } from './settings.js';

export interface ConnectRequest {
  server_type: string;
  server_name: string;
  credentials?: Record<string, string>;
  params?: Record<string, unknown>;
}

export interface ToolConnectionsDeps {
  repos: Repositories;
  registry: PluginRegistry;
  pluginHost: PluginHost;
  settings: ToolSettings;
  fetch: GuardedFetch;
  cipher: SecretCipher;
  clock: Clock;
  ids: IdGenerator;
  random: () => number;
  logger: Logger;
}

/** What a connection looks like to the API (the spec's Tool connection plus `status_detail`). */
export interface ToolConnectionView {
  id: string;
  workspace_id: string;
  server_type: string;
  server_name: string;
  connection_status: 'active' | 'error' | 'disconnected';
  status_detail: ToolConnectionStatusDetail;
  available_tools: Array<{ name: string; description: string; model_name: string }>;
  total_tool_calls: number;
  last_connected_at: string | null;
  created_at: string;
}

/**
 * A tool server's failure answered as 502/504. Unlike a 5xx of our own it is shown to the client
 * (it says which upstream failed and why, and carries no internals of the service).
 */
class UpstreamError extends ServiceError {
  override readonly expose: boolean = true;
}

function connectError(failure: ClassifiedFailure | CatalogCollisionError | undefined, target: ConnectRequest): ServiceError {
  if (failure instanceof CatalogCollisionError) {
    return errors.conflict('tool_name_collision', `The server's tools would collide with tools of another connection: ${failure.names.join(', ')}.`, { names: failure.names });
  }
  const details = { server_type: target.server_type, server_name: target.server_name, reason: failure?.reason ?? 'unknown', last_error: failure?.message ?? null };
  if (failure?.reason === 'refused_url') return errors.invalidRequest(`params.url is not allowed: ${failure.message}`, { ...details, field: 'params.url' });
  if (failure?.reason === 'auth_required') return new ServiceError(400, 'tool_auth_failed', 'The tool server refused the credentials (HTTP 401/403); send valid credentials.', details);
  if (failure?.reason === 'timeout') return new UpstreamError(504, 'tool_server_timeout', 'The tool server did not answer in time.', details);
  if (failure?.reason === 'unreachable' || failure?.reason === 'closed') return new UpstreamError(502, 'tool_server_unreachable', 'The tool server could not be reached.', details);
  return new UpstreamError(502, 'tool_server_error', 'The tool server did not speak MCP as expected.', details);
}

/**
 * The workspace's MCP tool connections: connect (validated, SSRF-guarded, stdio allowlisted,
 * credentials encrypted), disconnect, list, and the live sessions agents call through. Live
 * connections of a workspace are opened lazily, the first time its tools are needed.
 */
export function createToolConnections(deps: ToolConnectionsDeps) {
  const { repos } = deps;
  const live = new Map<string, LiveConnection>();
  // The latest catalog of each live connection, kept beside the stored one so a tool call needs
  // no database read to find its tool (the call log row is the only write on the call path).
  const catalogs = new Map<string, { catalog: ToolCatalogRow; serverType: string }>();
  const restored = new Set<string>();
  const now = () => deps.clock.now().toISOString();

  function decryptCredentials(row: ToolConnectionRow): Record<string, string> {
    return row.credentials ? (JSON.parse(deps.cipher.decrypt(row.credentials)) as Record<string, string>) : {};
  }

  function targetOf(row: ToolConnectionRow): () => Promise<McpTarget> {
    return async () => {
      const credentials = decryptCredentials(row);
      if (row.server_type !== 'custom') {
        return { kind: 'memory', server: deps.pluginHost.serverFactory(row.workspace_id, row.server_type, credentials) };
      }
      if (typeof row.params.url === 'string') return { kind: 'http', url: row.params.url, headers: credentialHeaders(credentials) };
      const command = String(row.params.command);
      // Checked again on every (re)connect: an operator may have narrowed the allowlist since.
      if (!deps.settings.stdioAllow.includes(command)) throw Object.assign(new Error(`stdio command ${command} is not on CREWD_MCP_STDIO_ALLOW`), { code: 'EACCES' });
      const args = Array.isArray(row.params.args) ? row.params.args.map(String) : [];
      return { kind: 'stdio', command, args, env: credentials };
    };
  }

  async function takenNames(workspaceId: string, exceptId: string): Promise<Set<string>> {
    const catalogs = await repos.toolCatalogs.listForWorkspace(workspaceId);
    return new Set(catalogs.filter((catalog) => catalog.connection_id !== exceptId).flatMap((catalog) => catalog.tools.map((tool) => tool.model_name)));
  }

  function open(row: ToolConnectionRow, retryInitialFailure: boolean): LiveConnection {
    const connection = createLiveConnection(
      {
        connectionId: row.id,
        workspaceId: row.workspace_id,
        target: targetOf(row),
        settings: deps.settings,
        fetch: deps.fetch,
        clock: deps.clock,
        random: deps.random,
        logger: deps.logger,
        async storeCatalog(tools: Tool[], ttlMs, initial) {
          if (row.server_type !== 'custom') {
            const declared = deps.registry.get(row.server_type)?.manifest.tools ?? [];
            const undeclared = tools.filter((tool) => !declared.includes(tool.name)).map((tool) => tool.name);
            if (undeclared.length > 0) throw new Error(`plugin ${row.server_type} registered tools missing from its manifest: ${undeclared.join(', ')}`);
          }
          let entries = catalogTools(row.server_name, tools);
          const clash = collisions(entries, await takenNames(row.workspace_id, row.id));
          if (clash.length > 0) {
            if (initial) throw new CatalogCollisionError(clash);
            // A later list change cannot take names another connection owns: those tools are left out.
            deps.logger.warn({ connection_id: row.id, names: clash }, 'tools left out of the catalog: their names collide');
            entries = entries.filter((tool) => !clash.includes(tool.model_name));
          }
          const stored = await repos.toolCatalogs.put({ connection_id: row.id, workspace_id: row.workspace_id, tools: entries, ttl_ms: ttlMs, fetched_at: now() });
          catalogs.set(row.id, { catalog: stored, serverType: row.server_type });
        },
        async persist(detail, lastConnectedAt) {
          await repos.toolConnections.updateState(row.id, { state: detail.state, status_detail: detail, last_connected_at: lastConnectedAt, updated_at: now() });
        },
        async cleanup() {
          await repos.toolCatalogs.remove(row.id);
          catalogs.delete(row.id);
          live.delete(row.id);
        },
      },
      { retryInitialFailure },
    );
    live.set(row.id, connection);
    connection.start();
    return connection;
  }

  /** Opens the workspace's stored connections once (lazily; a restart resumes them here). */
  async function ensureWorkspace(workspaceId: string): Promise<void> {
    if (restored.has(workspaceId)) return;
    restored.add(workspaceId);
    for (const row of await repos.toolConnections.listLive(workspaceId)) {
      if (!live.has(row.id)) open(row, true);
    }
  }

  function validate(body: ConnectRequest): void {
    const params = body.params ?? {};
    if (body.server_type === 'custom') {
      const hasUrl = typeof params.url === 'string';
      const hasCommand = typeof params.command === 'string';
      if (hasUrl === hasCommand) throw errors.invalidRequest('A custom connection needs exactly one of params.url or params.command.', { field: 'params' });
      if (hasUrl) {
        const check = checkWebhookUrl(params.url as string, { allowPrivate: deps.settings.allowPrivateUrls });
        if (!check.ok) throw errors.invalidRequest(`params.url is not allowed: ${check.message}`, { field: 'params.url', reason: check.code });
      } else if (!deps.settings.stdioAllow.includes(params.command as string)) {
        throw errors.invalidRequest('params.command is not on the operator allowlist (CREWD_MCP_STDIO_ALLOW).', { field: 'params.command', command: params.command });
      }
      if (params.args !== undefined && !(Array.isArray(params.args) && params.args.every((arg) => typeof arg === 'string'))) {
        throw errors.invalidRequest('params.args must be an array of strings.', { field: 'params.args' });
      }
    } else if (!deps.registry.get(body.server_type)) {
      throw errors.invalidRequest(`server_type must be a plugin id (${deps.registry.list().map((p) => p.manifest.id).join(', ')}) or custom.`, { field: 'server_type' });
    }
  }

  async function view(row: ToolConnectionRow, catalog: ToolCatalogRow | undefined, calls: number): Promise<ToolConnectionView> {
    const connection = live.get(row.id);
    const detail = connection && row.state !== 'disconnected' ? connection.detail() : (row.status_detail as ToolConnectionStatusDetail);
    return {
      id: row.id,
      workspace_id: row.workspace_id,
      server_type: row.server_type,
      server_name: row.server_name,
      connection_status: publicStatus(detail.state),
      status_detail: detail,
      available_tools: (catalog?.tools ?? []).map((tool) => ({ name: tool.name, description: tool.description, model_name: tool.model_name })),
      total_tool_calls: calls,
      last_connected_at: row.last_connected_at,
      created_at: row.created_at,
    };
  }

  return {
    ensureWorkspace,
    /** Connects and waits for the first answer; a failure leaves nothing behind and is a 4xx/5xx. */
    async connect(workspaceId: string, body: ConnectRequest): Promise<{ connection: ToolConnectionView; catalog: ToolCatalogRow }> {
      validate(body);
      await ensureWorkspace(workspaceId);
      const at = now();
      const credentials = body.credentials ?? {};
      const row: ToolConnectionRow = {
        id: deps.ids.uuid(),
        workspace_id: workspaceId,
        server_type: body.server_type,
        server_name: body.server_name,
        params: body.params ?? {},
        credentials: Object.keys(credentials).length > 0 ? deps.cipher.encrypt(JSON.stringify(credentials)) : null,
        state: 'connecting',
        status_detail: { state: 'connecting', reason: null, next_retry_at: null, last_error: null },
        last_connected_at: null,
        created_at: at,
        updated_at: at,
      };
      if (!(await repos.toolConnections.insert(row))) {
        throw errors.conflict('connection_exists', `A connection of type ${body.server_type} named ${body.server_name} already exists in this workspace.`, {
          server_type: body.server_type,
          server_name: body.server_name,
        });
      }
      const connection = open(row, false);
      const state = await connection.settled();
      if (state !== 'active') {
        const failure = connection.lastFailure();
        await connection.stop();
        live.delete(row.id);
        catalogs.delete(row.id);
        await repos.toolCatalogs.remove(row.id);
        await repos.toolConnections.remove(row.id);
        throw connectError(failure, body);
      }
      await connection.flushed();
      const stored = (await repos.toolConnections.get(workspaceId, row.id))!;
      const catalog = (await repos.toolCatalogs.get(row.id))!;
      return { connection: await view(stored, catalog, 0), catalog };
    },
    async disconnect(workspaceId: string, connectionId: string): Promise<void> {
      const row = await repos.toolConnections.get(workspaceId, connectionId);
      if (!row || row.state === 'disconnected') throw errors.notFound('Tool connection', { connection_id: connectionId });
      await ensureWorkspace(workspaceId);
      const connection = live.get(connectionId);
      if (connection) {
        connection.disconnect();
        await connection.flushed();
      } else {
        // Never opened in this process (an error row): record the end and clean up directly.
        await repos.toolConnections.updateState(connectionId, { state: 'disconnected', status_detail: { ...row.status_detail, state: 'disconnected', next_retry_at: null }, updated_at: now() });
        await repos.toolCatalogs.remove(connectionId);
      }
    },
    async list(workspaceId: string): Promise<ToolConnectionView[]> {
      await ensureWorkspace(workspaceId);
      const rows = await repos.toolConnections.list(workspaceId);
      const counts = await repos.toolCalls.countByConnection(workspaceId);
      const catalogs = new Map((await repos.toolCatalogs.listForWorkspace(workspaceId)).map((catalog) => [catalog.connection_id, catalog]));
      return Promise.all(rows.map((row) => view(row, catalogs.get(row.id), counts.get(row.id) ?? 0)));
    },
    /** Live connections of a workspace (opened on first use). */
    async liveFor(workspaceId: string): Promise<LiveConnection[]> {
      await ensureWorkspace(workspaceId);
      return [...live.values()].filter((connection) => connection.workspaceId === workspaceId);
    },
    get: (connectionId: string) => live.get(connectionId),
    /** The in-memory catalog of a live connection (undefined before its first discovery). */
    catalogOf: (connectionId: string) => catalogs.get(connectionId),
    /** Stops every live connection; stored states stay as they are, to resume on the next start. */
    async close(): Promise<void> {
      await Promise.all([...live.values()].map((connection) => connection.stop()));
      live.clear();
      catalogs.clear();
      restored.clear();
    },
  };
}

export type ToolConnections = ReturnType<typeof createToolConnections>;
