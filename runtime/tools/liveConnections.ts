import type { Logger } from 'pino';
import type { PluginRegistry } from '../../plugins/registry.js';
import type { Repositories } from '../../storage/index.js';
import type { ToolCatalogRow } from '../../storage/repositories/toolCatalogs.js';
import type { ToolConnectionRow } from '../../storage/repositories/toolConnections.js';
import type { Clock } from '../clock.js';
import type { SecretCipher } from '../secrets/cipher.js';
import { connectionTarget } from './connectionTarget.js';
import type { GuardedFetch } from './guardedFetch.js';
import { createLiveConnection, type LiveConnection } from './liveConnection.js';
import type { PluginHost } from './pluginHost.js';
import type { ToolSettings } from './settings.js';
import { storeCatalog } from './storeCatalog.js';

export interface LiveConnectionsDeps {
  repos: Repositories;
  registry: PluginRegistry;
  pluginHost: PluginHost;
  settings: ToolSettings;
  fetch: GuardedFetch;
  cipher: SecretCipher;
  clock: Clock;
  random: () => number;
  logger: Logger;
}

/**
 * The registry of this process's live tool connections and their latest catalogs. A workspace's
 * stored connections are opened once, lazily, the first time it is touched (`ensureWorkspace`):
 * that is how a restart resumes them. Invariant: a connection is in the registry from `open`
 * until its disconnect cleanup ran, `forget` or `close`.
 */
export function createLiveConnections(deps: LiveConnectionsDeps) {
  const live = new Map<string, LiveConnection>();
  // The latest catalog of each live connection, kept beside the stored one so a tool call needs
  // no database read to find its tool (the call log row is the only write on the call path).
  const catalogs = new Map<string, { catalog: ToolCatalogRow; serverType: string }>();
  // One load per workspace; concurrent first callers share it (none sees the registry half-filled).
  const restored = new Map<string, Promise<void>>();
  const now = () => deps.clock.now().toISOString();

  /** Starts a live connection for a stored row; `retryInitialFailure` is true when resuming. */
  function open(row: ToolConnectionRow, retryInitialFailure: boolean): LiveConnection {
    const connection = createLiveConnection(
      {
        connectionId: row.id,
        workspaceId: row.workspace_id,
        target: connectionTarget(row, deps),
        settings: deps.settings,
        fetch: deps.fetch,
        clock: deps.clock,
        random: deps.random,
        logger: deps.logger,
        async storeCatalog(tools, ttlMs, initial) {
          const stored = await storeCatalog(row, tools, ttlMs, initial, { ...deps, now });
          catalogs.set(row.id, { catalog: stored, serverType: row.server_type });
        },
        async persist(detail, lastConnectedAt) {
          await deps.repos.toolConnections.updateState(row.id, { state: detail.state, status_detail: detail, last_connected_at: lastConnectedAt, updated_at: now() });
        },
        async cleanup() {
          await deps.repos.toolCatalogs.remove(row.id);
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
  function ensureWorkspace(workspaceId: string): Promise<void> {
    let loading = restored.get(workspaceId);
    if (!loading) {
      loading = deps.repos.toolConnections.listLive(workspaceId).then((rows) => {
        for (const row of rows) if (!live.has(row.id)) open(row, true);
      });
      // A failed read is tried again by the next caller.
      loading.catch(() => restored.delete(workspaceId));
      restored.set(workspaceId, loading);
    }
    return loading;
  }

  return {
    open,
    ensureWorkspace,
    /** Live connections of a workspace (opened on first use). */
    async liveFor(workspaceId: string): Promise<LiveConnection[]> {
      await ensureWorkspace(workspaceId);
      return [...live.values()].filter((connection) => connection.workspaceId === workspaceId);
    },
    get: (connectionId: string) => live.get(connectionId),
    /** The in-memory catalog of a live connection (undefined before its first discovery). */
    catalogOf: (connectionId: string) => catalogs.get(connectionId),
    /**
     * Another process connected or disconnected one of the workspace's connections (scale-out):
     * opens stored live rows this process does not run yet and stops (without writing) the ones
     * no longer stored as live. Only for a workspace already opened here; others load on first use.
     */
    async refresh(workspaceId: string): Promise<void> {
      if (!restored.has(workspaceId)) return;
      const rows = await deps.repos.toolConnections.listLive(workspaceId);
      const stored = new Set(rows.map((row) => row.id));
      for (const row of rows) if (!live.has(row.id)) open(row, true);
      for (const connection of [...live.values()]) {
        if (connection.workspaceId !== workspaceId || stored.has(connection.connectionId)) continue;
        live.delete(connection.connectionId);
        catalogs.delete(connection.connectionId);
        await connection.stop();
      }
    },
    /** Drops a connection that was stopped without a disconnect (a refused first connect). */
    forget(connectionId: string): void {
      live.delete(connectionId);
      catalogs.delete(connectionId);
    },
    /** Stops every live connection; stored states stay as they are, to resume on the next start. */
    async close(): Promise<void> {
      await Promise.all([...live.values()].map((connection) => connection.stop()));
      live.clear();
      catalogs.clear();
      restored.clear();
    },
  };
}

export type LiveConnections = ReturnType<typeof createLiveConnections>;
