import type { Actor } from 'xstate';
import { statusDetailOf, toolConnectionMachineVersion, type toolConnectionMachine, type ToolConnectionInput } from '../../machines/toolConnection.js';
import type { EncodedActorRow } from '../../storage/repositories/actors.js';
import type { ToolConnectionRow } from '../../storage/repositories/toolConnections.js';
import { registerConnectionMachine, type ConnectionHandle } from './connectionMachine.js';
import { refreshConnections } from './connectionRefresh.js';
import { createConnectionSides, type HeldCatalog } from './connectionSides.js';
import type { LiveConnection } from './liveConnection.js';
import type { LiveConnectionsDeps } from './liveConnectionsDeps.js';
import { adoptOrphanConnections, listOrphanConnections } from './orphanConnections.js';

/**
 * This process's side of the tool connections: the toolConnection machine registered on the
 * actor host (the actor owns status and catalog), and a registry of LiveConnections keyed by
 * connection id holding what no snapshot can (sessions, quarantine, retry timers, the latest
 * catalogs: connectionSides.ts). Every process pools its own sessions per connection, opened on
 * demand for calls; the status comes from the connection's actor when it runs here, else from the
 * row the process running it (Postgres leases) stores.
 * A workspace's stored connections are listed once, lazily, the first time it is touched
 * (`ensureWorkspace`); a cluster signal makes it list them again (`refresh`, connectionRefresh.ts).
 */
export function createLiveConnections(deps: LiveConnectionsDeps): LiveConnections {
  const { repos } = deps;
  // One load per workspace; concurrent first callers share it (none sees the registry half-filled).
  const listed = new Map<string, Promise<void>>();
  const now = () => deps.clock.now().toISOString();
  // The actor is read at call time: the machine is registered below, with slots that reach the sides.
  const sides = createConnectionSides({ ...deps, now, actorOf: (connectionId) => machine.get(connectionId) });

  const machine: ConnectionHandle = registerConnectionMachine(deps.actors, {
    async connectStep(connectionId) {
      // Known here (connected or restored in this process): no read. A disconnect forgets it.
      const known = sides.get(connectionId);
      if (known?.statusFrom === 'actor') return known.connectStep;
      const row = await repos.toolConnections.getById(connectionId);
      if (!row || row.state === 'disconnected') return undefined;
      return sides.withActor(row).connectStep;
    },
    scheduleRetry: (connectionId, dueAt) => sides.scheduleRetry(connectionId, dueAt),
    closeSession: (connectionId) => sides.get(connectionId)?.dropSession(),
    cleanup: (connectionId) => void sides.forget(connectionId),
    moved: (connectionId, snapshot) => sides.get(connectionId)?.observe(statusDetailOf(snapshot)),
    released(connectionId, snapshot) {
      const workspaceId = snapshot.context.workspaceId;
      void sides.forget(connectionId);
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
    sides.withActor(row);
    machine.start(row.id, actor, at);
    return actor;
  }

  /** Lists the workspace's stored live connections once (lazily): with their actor here, or their row. */
  function ensureWorkspace(workspaceId: string): Promise<void> {
    let loading = listed.get(workspaceId);
    if (!loading) {
      loading = repos.toolConnections.listLive(workspaceId).then((rows) => {
        for (const row of rows) if (!sides.get(row.id)) sides.track(row);
      });
      // A failed read is tried again by the next caller.
      loading.catch(() => listed.delete(workspaceId));
      listed.set(workspaceId, loading);
    }
    return loading;
  }

  const refreshDeps = { repos, actors: deps.actors, machine, sides, listed: (workspaceId: string) => listed.has(workspaceId) };
  const adoptDeps = { machine, logger: deps.logger, startActor };

  return {
    machine,
    startActor,
    ensureWorkspace,
    forget: sides.forget,
    async liveFor(workspaceId: string): Promise<LiveConnection[]> {
      await ensureWorkspace(workspaceId);
      return sides.inWorkspace(workspaceId);
    },
    get: sides.get,
    catalogOf: sides.catalogOf,
    orphans: () => listOrphanConnections(repos),
    adopt: (orphans: ToolConnectionRow[]) => adoptOrphanConnections(adoptDeps, orphans),
    refresh: (workspaceId: string) => refreshConnections(refreshDeps, workspaceId),
    async close(): Promise<void> {
      await sides.close();
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
  catalogOf: (connectionId: string) => HeldCatalog | undefined;
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
