import type { Actor } from 'xstate';
import type { ToolConnectionStatusDetail, toolConnectionMachine } from '../../machines/toolConnection.js';
import type { ToolCatalogRow } from '../../storage/repositories/toolCatalogs.js';
import type { ToolConnectionRow } from '../../storage/repositories/toolConnections.js';
import { connectionTarget } from './connectionTarget.js';
import { createLiveConnection, type LiveConnection, type LiveConnectionDeps } from './liveConnection.js';
import type { LiveConnectionsDeps } from './liveConnectionsDeps.js';
import { storeCatalog } from './storeCatalog.js';

/** The latest catalog of a live connection as this process holds it. */
export interface HeldCatalog {
  catalog: ToolCatalogRow;
  serverType: string;
}

/** The registry of the process sides of tool connections held here, keyed by connection id. */
export interface ConnectionSides {
  get(connectionId: string): LiveConnection | undefined;
  /** The sides held here of the workspace's connections. */
  inWorkspace(workspaceId: string): LiveConnection[];
  /** The in-memory catalog of a live connection (undefined before its first discovery). */
  catalogOf(connectionId: string): HeldCatalog | undefined;
  /** The side of a connection whose actor runs here (replaces one read from the row: taken over). */
  withActor(row: ToolConnectionRow): LiveConnection;
  /** Follows a stored row: an existing side observes its status, a new one reads it from the actor here or the row. */
  track(row: ToolConnectionRow): void;
  /** Drops what this process holds for a connection (its stored state is left as it is). */
  forget(connectionId: string): Promise<void>;
  /** Sends the connection's actor RETRY_DUE at `dueAt` (ISO), replacing a retry already set. */
  scheduleRetry(connectionId: string, dueAt: string): void;
  /** Closes every side and retry timer. */
  close(): Promise<void>;
}

export interface ConnectionSidesDeps extends LiveConnectionsDeps {
  now(): string;
  /** The connection's actor when it runs on this process's host (read at call time, never kept). */
  actorOf(connectionId: string): Actor<typeof toolConnectionMachine> | undefined;
}

/**
 * What no snapshot can hold, per connection: the LiveConnection (sessions, quarantine), the
 * latest catalog and the retry timer. Invariants: a connection has at most one side here, and
 * one whose actor runs here reads its status from that actor (`withActor` replaces a side that
 * read the row); `forget` leaves no side, catalog or timer of the connection behind; the latest
 * catalog is kept beside the stored one so a tool call needs no database read to find its tool
 * (the call log row is the only write on the call path).
 */
export function createConnectionSides(deps: ConnectionSidesDeps): ConnectionSides {
  const live = new Map<string, LiveConnection>();
  const catalogs = new Map<string, HeldCatalog>();
  const retryTimers = new Map<string, NodeJS.Timeout>();

  function processSide(row: ToolConnectionRow): LiveConnectionDeps {
    return {
      connectionId: row.id,
      workspaceId: row.workspace_id,
      settings: deps.settings,
      fetch: deps.fetch,
      clock: deps.clock,
      random: deps.random,
      logger: deps.logger,
      target: connectionTarget(row, deps),
      async storeCatalog(tools, ttlMs, initial) {
        const stored = await storeCatalog(row, tools, ttlMs, initial, deps);
        // A discovery that finished after the disconnect stored nothing, and nothing is kept here.
        if (stored) catalogs.set(row.id, { catalog: stored, serverType: row.server_type });
      },
      async loadCatalog() {
        // The actor here keeps the catalog current; otherwise its owner stored the latest one.
        if (deps.actorOf(row.id) && catalogs.has(row.id)) return;
        const catalog = await deps.repos.toolCatalogs.get(row.id);
        if (catalog) catalogs.set(row.id, { catalog, serverType: row.server_type });
      },
    };
  }

  function withActor(row: ToolConnectionRow): LiveConnection {
    const existing = live.get(row.id);
    if (existing?.statusFrom === 'actor') return existing;
    void existing?.close();
    const connection = createLiveConnection(processSide(row), {
      kind: 'actor',
      actor: () => deps.actorOf(row.id),
      send: (event) => deps.actorOf(row.id)?.send(event),
    });
    live.set(row.id, connection);
    return connection;
  }

  /** The side of a connection whose actor another process runs: its status is the row's. */
  function fromStored(row: ToolConnectionRow): LiveConnection {
    const connection = createLiveConnection(processSide(row), { kind: 'stored', stored: row.status_detail as ToolConnectionStatusDetail });
    live.set(row.id, connection);
    return connection;
  }

  async function forget(connectionId: string): Promise<void> {
    const connection = live.get(connectionId);
    live.delete(connectionId);
    catalogs.delete(connectionId);
    clearTimeout(retryTimers.get(connectionId));
    retryTimers.delete(connectionId);
    await connection?.close();
  }

  return {
    get: (connectionId) => live.get(connectionId),
    inWorkspace: (workspaceId) => [...live.values()].filter((connection) => connection.workspaceId === workspaceId),
    catalogOf: (connectionId) => catalogs.get(connectionId),
    withActor,
    track(row) {
      const existing = live.get(row.id);
      if (existing) existing.observe(row.status_detail as ToolConnectionStatusDetail);
      else if (deps.actorOf(row.id)) withActor(row);
      else fromStored(row);
    },
    forget,
    scheduleRetry(connectionId, dueAt) {
      clearTimeout(retryTimers.get(connectionId));
      const delay = Math.max(0, Date.parse(dueAt) - deps.clock.now().getTime());
      const timer = setTimeout(() => {
        retryTimers.delete(connectionId);
        deps.actorOf(connectionId)?.send({ type: 'RETRY_DUE' });
      }, Number.isFinite(delay) ? delay : 0);
      timer.unref();
      retryTimers.set(connectionId, timer);
    },
    async close() {
      await Promise.all([...live.keys()].map((connectionId) => forget(connectionId)));
      for (const timer of retryTimers.values()) clearTimeout(timer);
      retryTimers.clear();
    },
  };
}
