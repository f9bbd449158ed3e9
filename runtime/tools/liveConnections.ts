import type { Actor } from 'xstate';
import type { Logger } from 'pino';
import { statusDetailOf, toolConnectionMachineVersion, type toolConnectionMachine, type ToolConnectionInput, type ToolConnectionStatusDetail } from '../../machines/toolConnection.js';
import type { PluginRegistry } from '../../plugins/registry.js';
import type { Repositories } from '../../storage/index.js';
import type { EncodedActorRow } from '../../storage/repositories/actors.js';
import type { ToolCatalogRow } from '../../storage/repositories/toolCatalogs.js';
import type { ToolConnectionRow } from '../../storage/repositories/toolConnections.js';
import type { ActorHost } from '../actors/actorHost.js';
import type { Clock } from '../clock.js';
import type { SecretCipher } from '../secrets/cipher.js';
import { registerConnectionMachine, type ConnectionHandle } from './connectionMachine.js';
import { connectionTarget } from './connectionTarget.js';
import type { GuardedFetch } from './guardedFetch.js';
import type { ToolOAuth } from './oauth/toolOAuth.js';
import { createLiveConnection, type LiveConnection, type LiveConnectionDeps } from './liveConnection.js';
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
  /** The process's actor host: every tool connection's state chart runs (and is stored) there. */
  actors: Pick<ActorHost, 'register' | 'commit' | 'flushed'>;
  /** The client side of MCP authorization for `{auth: 'oauth'}` connections (absent: static credentials only). */
  oauth?: ToolOAuth;
}

/**
 * This process's side of the tool connections: the toolConnection machine registered on the
 * actor host (the actor owns status and catalog), and a registry of LiveConnections keyed by
 * connection id holding what no snapshot can (sessions, quarantine, retry timers, the latest
 * catalogs). Every process pools its own sessions per connection, opened on demand for calls; the
 * status comes from the connection's actor when it runs here, else from the row the process
 * running it (Postgres leases) stores.
 * A workspace's stored connections are listed once, lazily, the first time it is touched
 * (`ensureWorkspace`); a cluster signal makes it list them again (`refresh`).
 */
export function createLiveConnections(deps: LiveConnectionsDeps): LiveConnections {
  const { repos } = deps;
  const live = new Map<string, LiveConnection>();
  // The latest catalog of each live connection, kept beside the stored one so a tool call needs
  // no database read to find its tool (the call log row is the only write on the call path).
  const catalogs = new Map<string, { catalog: ToolCatalogRow; serverType: string }>();
  const retryTimers = new Map<string, NodeJS.Timeout>();
  // One load per workspace; concurrent first callers share it (none sees the registry half-filled).
  const listed = new Map<string, Promise<void>>();
  const now = () => deps.clock.now().toISOString();

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
        const stored = await storeCatalog(row, tools, ttlMs, initial, { ...deps, now });
        catalogs.set(row.id, { catalog: stored, serverType: row.server_type });
      },
      async loadCatalog() {
        // The actor here keeps the catalog current; otherwise its owner stored the latest one.
        if (machine.get(row.id) && catalogs.has(row.id)) return;
        const catalog = await repos.toolCatalogs.get(row.id);
        if (catalog) catalogs.set(row.id, { catalog, serverType: row.server_type });
      },
    };
  }

  /** The process side of a connection whose actor runs here (replaces one read from the row: taken over). */
  function withActor(row: ToolConnectionRow): LiveConnection {
    const existing = live.get(row.id);
    if (existing?.statusFrom === 'actor') return existing;
    void existing?.close();
    const connection = createLiveConnection(processSide(row), {
      kind: 'actor',
      actor: () => machine.get(row.id),
      send: (event) => machine.get(row.id)?.send(event),
    });
    live.set(row.id, connection);
    return connection;
  }

  /** The process side of a connection whose actor another process runs: its status is the row's. */
  function fromStored(row: ToolConnectionRow): LiveConnection {
    const connection = createLiveConnection(processSide(row), { kind: 'stored', stored: row.status_detail as ToolConnectionStatusDetail });
    live.set(row.id, connection);
    return connection;
  }

  /** Drops what this process holds for a connection (its stored state is left as it is). */
  async function forget(connectionId: string): Promise<void> {
    const connection = live.get(connectionId);
    live.delete(connectionId);
    catalogs.delete(connectionId);
    clearTimeout(retryTimers.get(connectionId));
    retryTimers.delete(connectionId);
    await connection?.close();
  }

  const machine: ConnectionHandle = registerConnectionMachine(deps.actors, {
    async connectStep(connectionId) {
      // Known here (connected or restored in this process): no read. A disconnect forgets it.
      const known = live.get(connectionId);
      if (known?.statusFrom === 'actor') return known.connectStep;
      const row = await repos.toolConnections.getById(connectionId);
      if (!row || row.state === 'disconnected') return undefined;
      return withActor(row).connectStep;
    },
    scheduleRetry(connectionId, dueAt) {
      clearTimeout(retryTimers.get(connectionId));
      const delay = Math.max(0, Date.parse(dueAt) - deps.clock.now().getTime());
      const timer = setTimeout(() => {
        retryTimers.delete(connectionId);
        machine.get(connectionId)?.send({ type: 'RETRY_DUE' });
      }, Number.isFinite(delay) ? delay : 0);
      timer.unref();
      retryTimers.set(connectionId, timer);
    },
    closeSession: (connectionId) => live.get(connectionId)?.dropSession(),
    cleanup: (connectionId) => void forget(connectionId),
    moved: (connectionId, snapshot) => live.get(connectionId)?.observe(statusDetailOf(snapshot)),
    released(connectionId, snapshot) {
      const workspaceId = snapshot.context.workspaceId;
      void forget(connectionId);
      // Listed again on next use: its status read from the row the process running it now stores.
      if (workspaceId) listed.delete(workspaceId);
    },
    now,
  });

  function actorInput(row: ToolConnectionRow, retryInitialFailure: boolean): ToolConnectionInput {
    const { reconnect } = deps.settings;
    return { connectionId: row.id, workspaceId: row.workspace_id, maxAttempts: reconnect.maxAttempts, baseDelayMs: reconnect.baseDelayMs, maxDelayMs: reconnect.maxDelayMs, retryInitialFailure };
  }

  /**
   * Creates and starts the actor of a stored connection: its actors row is committed first (the
   * input it starts from), so a crash before its first tick restores it from there.
   */
  async function startActor(row: ToolConnectionRow, retryInitialFailure: boolean) {
    const input = actorInput(row, retryInitialFailure);
    const actor = machine.create(input);
    const at = now();
    const actorRow: EncodedActorRow = { id: row.id, machine: machine.name, version: Number(toolConnectionMachineVersion), workspace_id: row.workspace_id, status: 'active', state_value: 'connecting', snapshot: null, input: JSON.stringify(input), created_at: at, updated_at: at };
    await deps.actors.commit({ actors: [actorRow] });
    withActor(row);
    machine.start(row.id, actor, at);
    return actor;
  }

  function track(row: ToolConnectionRow): void {
    const existing = live.get(row.id);
    if (existing) existing.observe(row.status_detail as ToolConnectionStatusDetail);
    else if (machine.get(row.id)) withActor(row);
    else fromStored(row);
  }

  /** Lists the workspace's stored live connections once (lazily): with their actor here, or their row. */
  function ensureWorkspace(workspaceId: string): Promise<void> {
    let loading = listed.get(workspaceId);
    if (!loading) {
      loading = repos.toolConnections.listLive(workspaceId).then((rows) => {
        for (const row of rows) if (!live.has(row.id)) track(row);
      });
      // A failed read is tried again by the next caller.
      loading.catch(() => listed.delete(workspaceId));
      listed.set(workspaceId, loading);
    }
    return loading;
  }

  return {
    machine,
    startActor,
    ensureWorkspace,
    forget,
    /** Live connections of a workspace (listed on first use). */
    async liveFor(workspaceId: string): Promise<LiveConnection[]> {
      await ensureWorkspace(workspaceId);
      return [...live.values()].filter((connection) => connection.workspaceId === workspaceId);
    },
    get: (connectionId: string) => live.get(connectionId),
    /** The in-memory catalog of a live connection (undefined before its first discovery). */
    catalogOf: (connectionId: string) => catalogs.get(connectionId),
    /**
     * Gives every stored live connection without an actor one (rows stored before connections ran
     * on the actor host, or a crash between a connect's two writes): it connects, retrying a
     * failure. Connections with an actor are restored by the host itself (and sent RESTORED).
     * Another process adopting the same row first makes this one skip it.
     */
    /**
     * Stored live connections without an actor (rows from before connections ran on the host, or
     * a crash between a connect's two writes). Read before the host restores its actors: restored
     * outcomes start writing at once, and this read would queue behind them on SQLite's one
     * connection.
     */
    async orphans(): Promise<ToolConnectionRow[]> {
      const orphans: ToolConnectionRow[] = [];
      for (const row of await repos.toolConnections.listLive()) if (!(await repos.actors.get(row.id))) orphans.push(row);
      return orphans;
    },
    /** Gives each orphan (see `orphans`) an actor, after the host restored its actors. */
    async adopt(orphans: ToolConnectionRow[]): Promise<number> {
      let adopted = 0;
      for (const row of orphans) {
        if (machine.get(row.id)) continue;
        try {
          await startActor(row, true);
          adopted += 1;
        } catch (error) {
          deps.logger.warn({ err: error, connection_id: row.id }, 'a stored tool connection could not be given an actor');
        }
      }
      return adopted;
    },
    /**
     * Another process connected or disconnected one of the workspace's connections (scale-out):
     * follows stored live rows this process does not know yet, and drops the ones no longer
     * stored as live. An actor running here whose row another process disconnected is ended
     * and retired. Connections are followed only in a workspace already listed here; others are
     * listed on first use.
     */
    async refresh(workspaceId: string): Promise<void> {
      // Actors held here (a takeover included) are ended even when the workspace was not listed.
      const actorsHere = machine.liveIds().filter((id) => machine.snapshot(id)?.context.workspaceId === workspaceId);
      if (!listed.has(workspaceId) && actorsHere.length === 0) return;
      const rows = await repos.toolConnections.list(workspaceId);
      const stored = new Map(rows.map((row) => [row.id, row]));
      const isLive = (row: ToolConnectionRow | undefined) => row !== undefined && row.state !== 'disconnected' && row.state !== 'error';
      if (listed.has(workspaceId)) {
        for (const row of rows) {
          if (!isLive(row)) continue;
          // Live again through another process (an OAuth connection authorized by a callback that
          // reached it): its new actor runs there, so the stale side held here reads the row instead.
          if (live.get(row.id)?.statusFrom === 'actor' && !machine.get(row.id)) await forget(row.id);
          track(row);
        }
      }
      const known = new Set([...actorsHere, ...[...live.values()].filter((c) => c.workspaceId === workspaceId).map((c) => c.connectionId)]);
      for (const connectionId of known) {
        const row = stored.get(connectionId);
        if (isLive(row)) continue;
        const actor = machine.get(connectionId);
        if (actor && (!row || row.state === 'disconnected')) {
          actor.send({ type: 'DISCONNECT' });
          await deps.actors.flushed();
          await machine.retire(connectionId);
        } else if (!actor) {
          await forget(connectionId);
        }
      }
    },
    /** Closes every session and timer; stored states stay as they are, to resume on the next start. */
    async close(): Promise<void> {
      await Promise.all([...live.keys()].map((connectionId) => forget(connectionId)));
      for (const timer of retryTimers.values()) clearTimeout(timer);
      retryTimers.clear();
      listed.clear();
    },
  };
}

export interface LiveConnections {
  machine: ConnectionHandle;
  startActor: (row: ToolConnectionRow, retryInitialFailure: boolean) => Promise<Actor<typeof toolConnectionMachine>>;
  ensureWorkspace: (workspaceId: string) => Promise<void>;
  forget: (connectionId: string) => Promise<void>;
  /** Live connections of a workspace (listed on first use). */
  liveFor(workspaceId: string): Promise<LiveConnection[]>;
  get: (connectionId: string) => LiveConnection | undefined;
  /** The in-memory catalog of a live connection (undefined before its first discovery). */
  catalogOf: (connectionId: string) => {
    catalog: ToolCatalogRow;
    serverType: string;
  } | undefined;
  /**
   * Stored live connections without an actor (rows from before connections ran on the host, or
   * a crash between a connect's two writes). Read before the host restores its actors: restored
   * outcomes start writing at once, and this read would queue behind them on SQLite's one
   * connection.
   */
  orphans(): Promise<ToolConnectionRow[]>;
  /** Gives each orphan (see `orphans`) an actor, after the host restored its actors. */
  adopt(orphans: ToolConnectionRow[]): Promise<number>;
  /**
   * Another process connected or disconnected one of the workspace's connections (scale-out):
   * follows stored live rows this process does not know yet, and drops the ones no longer
   * stored as live. An actor running here whose row another process disconnected is ended
   * and retired. Connections are followed only in a workspace already listed here; others are
   * listed on first use.
   */
  refresh(workspaceId: string): Promise<void>;
  /** Closes every session and timer; stored states stay as they are, to resume on the next start. */
  close(): Promise<void>;
}
