import type { Repositories } from '../../storage/index.js';
import type { ToolConnectionRow } from '../../storage/repositories/toolConnections.js';
import type { ActorHost } from '../actors/actorHost.js';
import type { ConnectionHandle } from './connectionMachine.js';
import type { ConnectionSides } from './connectionSides.js';

export interface ConnectionRefreshDeps {
  repos: Repositories;
  actors: Pick<ActorHost, 'flushed'>;
  machine: ConnectionHandle;
  sides: ConnectionSides;
  /** Whether the workspace's stored connections were listed in this process (liveConnections.ts). */
  listed(workspaceId: string): boolean;
}

const isLive = (row: ToolConnectionRow | undefined) => row !== undefined && row.state !== 'disconnected' && row.state !== 'error';

/**
 * Another process connected or disconnected one of the workspace's connections (scale-out):
 * follows stored live rows this process does not know yet, and drops the ones no longer stored as
 * live. An actor running here whose row another process disconnected is ended and retired (after
 * the host flushed its DISCONNECT). Connections are followed only in a workspace already listed
 * here; others are listed on first use. Actors held here (a takeover included) are ended even when
 * the workspace was not listed.
 */
export async function refreshConnections(deps: ConnectionRefreshDeps, workspaceId: string): Promise<void> {
  const { machine, sides } = deps;
  const actorsHere = machine.liveIds().filter((id) => machine.snapshot(id)?.context.workspaceId === workspaceId);
  if (!deps.listed(workspaceId) && actorsHere.length === 0) return;
  const rows = await deps.repos.toolConnections.list(workspaceId);
  const stored = new Map(rows.map((row) => [row.id, row]));
  if (deps.listed(workspaceId)) {
    for (const row of rows) {
      if (!isLive(row)) continue;
      // Live again through another process (an OAuth connection authorized by a callback that
      // reached it): its new actor runs there, so the stale side held here reads the row instead.
      if (sides.get(row.id)?.statusFrom === 'actor' && !machine.get(row.id)) await sides.forget(row.id);
      sides.track(row);
    }
  }
  const known = new Set([...actorsHere, ...sides.inWorkspace(workspaceId).map((c) => c.connectionId)]);
  for (const connectionId of known) {
    const row = stored.get(connectionId);
    if (isLive(row)) continue;
    const actor = machine.get(connectionId);
    if (actor && (!row || row.state === 'disconnected')) {
      actor.send({ type: 'DISCONNECT' });
      await deps.actors.flushed();
      await machine.retire(connectionId);
    } else if (!actor) {
      await sides.forget(connectionId);
    }
  }
}
