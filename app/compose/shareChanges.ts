import type { Logger } from 'pino';
import type { CrewCatalog } from '../../runtime/crewCatalog.js';
import type { ClusterSignals } from '../../runtime/events/clusterSignals.js';
import type { ToolConnections } from '../../runtime/tools/connections.js';

/** Cluster topics of changes every process must see; payload: nothing, or the workspace id. */
export const crewsTopic = 'crews';
export const toolsTopic = 'tools';

/**
 * Scale-out: a crew status set or a tool connection connected or disconnected through any
 * process (the admin CLI included) is sent to every other process, which re-reads it from the
 * database (crew statuses on the next read; the workspace's live connections at once). Wraps the
 * two services' commands in place; on SQLite the signals send nothing and nothing arrives.
 */
export function shareChanges(signals: ClusterSignals, parts: { crews: CrewCatalog; connections: ToolConnections; logger: Logger }): void {
  const { crews, connections, logger } = parts;
  announceCrewStatus(signals, crews);
  signals.on(crewsTopic, () => crews.invalidate());

  const { connect, disconnect, authorized } = connections;
  connections.connect = async (workspaceId, body) => {
    const connected = await connect(workspaceId, body);
    signals.send(toolsTopic, workspaceId);
    return connected;
  };
  connections.disconnect = async (workspaceId, connectionId) => {
    await disconnect(workspaceId, connectionId);
    signals.send(toolsTopic, workspaceId);
  };
  connections.authorized = async (workspaceId, connectionId) => {
    const settled = await authorized(workspaceId, connectionId);
    signals.send(toolsTopic, workspaceId);
    return settled;
  };
  signals.on(toolsTopic, (workspaceId) => {
    if (typeof workspaceId !== 'string') return;
    connections.refresh(workspaceId).catch((error: unknown) => logger.warn({ err: error, workspace_id: workspaceId }, 'tool connection refresh failed'));
  });
}

/** A crew status set through `crews` (a serving process or the admin CLI) is sent to every process; wraps `setStatus` in place. */
export function announceCrewStatus(signals: ClusterSignals, crews: CrewCatalog): void {
  const setStatus = crews.setStatus;
  crews.setStatus = async (...args) => {
    const state = await setStatus(...args);
    signals.send(crewsTopic, null);
    return state;
  };
}
