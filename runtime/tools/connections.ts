import type { IdGenerator } from '../ids.js';
import { createConnectionCommands } from './connectionCommands.js';
import { connectionView, type ToolConnectionView } from './connectionView.js';
import { createLiveConnections } from './liveConnections.js';
import type { LiveConnectionsDeps } from './liveConnectionsDeps.js';
import type { ConnectRequest } from './connectRequest.js';
import type { ConnectAnswer } from './connectionCommands.js';
import type { LiveConnection } from './liveConnection.js';
import type { ToolConnectionRow } from '../../storage/repositories/toolConnections.js';
import type { ToolCatalogRow } from '../../storage/repositories/toolCatalogs.js';

export type { ConnectRequest } from './connectRequest.js';

export interface ToolConnectionsDeps extends LiveConnectionsDeps {
  ids: IdGenerator;
}

/**
 * The workspace's MCP tool connections: connect (validated, SSRF-guarded, stdio allowlisted,
 * credentials encrypted), disconnect, list, and the live sessions agents call through. Each
 * connection's state chart runs on the actor host (restored, and reconnected, at start); this
 * process's sessions of a workspace's connections are found lazily, when its tools are needed.
 */
export function createToolConnections(deps: ToolConnectionsDeps): ToolConnections {
  const live = createLiveConnections(deps);
  const commands = createConnectionCommands({ ...deps, live });

  return {
    ensureWorkspace: live.ensureWorkspace,
    connect: commands.connect,
    disconnect: commands.disconnect,
    authorized: commands.authorized,
    async list(workspaceId: string): Promise<ToolConnectionView[]> {
      await live.ensureWorkspace(workspaceId);
      const rows = await deps.repos.toolConnections.list(workspaceId);
      const counts = await deps.repos.toolCalls.countByConnection(workspaceId);
      const catalogs = new Map((await deps.repos.toolCatalogs.listForWorkspace(workspaceId)).map((catalog) => [catalog.connection_id, catalog]));
      // An OAuth connection waiting for its user shows the URL to open.
      const pending = deps.oauth ? await deps.oauth.pendingIn(workspaceId) : new Map<string, string>();
      return rows.map((row) => {
        const view = connectionView(row, catalogs.get(row.id), counts.get(row.id) ?? 0, live.get(row.id));
        const authorizationUrl = row.state === 'disconnected' ? undefined : pending.get(row.id);
        return authorizationUrl ? { ...view, authorization_url: authorizationUrl } : view;
      });
    },
    liveFor: live.liveFor,
    /** Picks up connects and disconnects made by another process (scale-out). */
    refresh: live.refresh,
    /** At start, before the host restores its actors: stored live connections without an actor. */
    orphans: live.orphans,
    /** At start, after the host restored its actors: gives each orphan an actor. */
    adopt: live.adopt,
    get: live.get,
    catalogOf: live.catalogOf,
    close: live.close,
  };
}

export interface ToolConnections {
  ensureWorkspace: (workspaceId: string) => Promise<void>;
  connect: (workspaceId: string, body: ConnectRequest) => Promise<ConnectAnswer>;
  disconnect: (workspaceId: string, connectionId: string) => Promise<void>;
  authorized: (workspaceId: string, connectionId: string) => Promise<'active' | 'error' | 'gone'>;
  list(workspaceId: string): Promise<ToolConnectionView[]>;
  liveFor: (workspaceId: string) => Promise<LiveConnection[]>;
  /** Picks up connects and disconnects made by another process (scale-out). */
  refresh: (workspaceId: string) => Promise<void>;
  /** At start, before the host restores its actors: stored live connections without an actor. */
  orphans: () => Promise<ToolConnectionRow[]>;
  /** At start, after the host restored its actors: gives each orphan an actor. */
  adopt: (orphans: ToolConnectionRow[]) => Promise<number>;
  get: (connectionId: string) => LiveConnection | undefined;
  catalogOf: (connectionId: string) => {
    catalog: ToolCatalogRow;
    serverType: string;
  } | undefined;
  close: () => Promise<void>;
}
