import type { SnapshotFrom } from 'xstate';
import { statusDetailOf, toolConnectionMachine, toolConnectionMachineVersion } from '../../machines/toolConnection.js';
import type { ActorHost, MachineHandle } from '../actors/actorHost.js';
import type { TickRows } from '../actors/tickRows.js';
import { connectActor, type ConnectStep } from './connectActor.js';
import { connectionRowWriters } from './connectionRows.js';

type ConnectionSnapshot = SnapshotFrom<typeof toolConnectionMachine>;
export type ConnectionHandle = MachineHandle<typeof toolConnectionMachine>;

/** The process side the chart's slots reach, by connection id (liveConnections.ts). */
export interface ConnectionSlots {
  /** The connect step of a connection whose actor runs here; undefined when its row is gone. */
  connectStep(connectionId: string): Promise<ConnectStep | undefined>;
  scheduleRetry(connectionId: string, dueAt: string): void;
  closeSession(connectionId: string): void;
  /** Forgets what the process holds for a disconnected connection (catalog cache, quarantine). */
  cleanup(connectionId: string): void;
  /** The actor moved; at rest (error, disconnected) it is about to leave memory. */
  moved(connectionId: string, snapshot: ConnectionSnapshot): void;
  /** This process no longer runs the actor (isolated after a failed write, or taken over). */
  released(connectionId: string, snapshot: ConnectionSnapshot): void;
  now(): string;
}

/** The connection row's state for a snapshot: the machine's projection. */
export function connectionProjection(snapshot: ConnectionSnapshot, now: string): TickRows {
  const detail = statusDetailOf(snapshot);
  const connectedAt = snapshot.context.lastConnectedAt;
  return {
    toolConnectionStates: [
      {
        connectionId: snapshot.context.connectionId,
        patch: { state: detail.state, status_detail: detail, ...(connectedAt ? { last_connected_at: connectedAt } : {}), updated_at: now },
      },
    ],
  };
}

/**
 * Registers the toolConnection machine on the actor host. Persistence adapter: the snapshot is
 * the host's `actors` row (one per connection, id = connection id); the projection is the
 * `tool_connections` row's `state`, `status_detail` and `last_connected_at` (and, on disconnect,
 * the deletion of its catalog), written in the same tick. The catalog itself is stored by the
 * connect step before the chart learns the connect succeeded (a name collision must be able to
 * refuse it), so a row that says `active` always has its catalog.
 *
 * A connection is live on the host (status `active`, leased on Postgres) while it connects, is
 * connected or reconnects: it holds a session in this process. At rest: `error` and
 * `disconnected` (the latter is retired by the disconnect command). A restored actor is sent
 * RESTORED (see the machine) so a connection that was connected reconnects by itself.
 */
export function registerConnectionMachine(actors: Pick<ActorHost, 'register'>, slots: ConnectionSlots): ConnectionHandle {
  let handle: ConnectionHandle | undefined;
  const logic = toolConnectionMachine.provide({
    actors: { connect: connectActor((connectionId) => slots.connectStep(connectionId), slots.now) },
    actions: {
      scheduleRetry: (_, params) => slots.scheduleRetry(params.connectionId, params.dueAt),
      closeSession: (_, params) => slots.closeSession(params.connectionId),
      cleanup: (_, params) => slots.cleanup(params.connectionId),
    },
  });
  handle = actors.register({
    name: 'toolConnection',
    version: Number(toolConnectionMachineVersion),
    logic,
    atRest: (snapshot) => snapshot.status === 'done' || snapshot.matches('error'),
    workspaceOf: (snapshot) => snapshot.context.workspaceId ?? null,
    rows: connectionRowWriters,
    project: connectionProjection,
    // An actor whose state cannot be stored is stopped: its row says so, and nothing retries it.
    failed: (snapshot, _reason, now) => ({
      toolConnectionStates: [
        {
          connectionId: snapshot.context.connectionId,
          patch: { state: 'error', status_detail: { state: 'error', reason: 'protocol_error', next_retry_at: null, last_error: 'the connection state could not be stored' }, updated_at: now },
        },
      ],
    }),
    onTransition: (id, snapshot) => slots.moved(id, snapshot),
    onFailed: (id, snapshot) => slots.released(id, snapshot),
    onLost: (id, snapshot) => slots.released(id, snapshot),
    onRestored: (id) => handle?.get(id)?.send({ type: 'RESTORED' }),
  });
  return handle;
}
