import type { Logger } from 'pino';
import type { Repositories } from '../../storage/index.js';
import type { ToolConnectionRow } from '../../storage/repositories/toolConnections.js';
import type { ConnectionHandle } from './connectionMachine.js';

/**
 * Stored live connections without an actor: rows stored before connections ran on the actor host,
 * or a crash between a connect's two writes. Read before the host restores its actors: restored
 * outcomes start writing at once, and this read would queue behind them on SQLite's one connection.
 */
export async function listOrphanConnections(repos: Pick<Repositories, 'toolConnections' | 'actors'>): Promise<ToolConnectionRow[]> {
  const orphans: ToolConnectionRow[] = [];
  for (const row of await repos.toolConnections.listLive()) if (!(await repos.actors.get(row.id))) orphans.push(row);
  return orphans;
}

/**
 * Gives each orphan an actor (it connects, retrying a failure), after the host restored its
 * actors; connections with an actor are restored by the host itself (and sent RESTORED). One that
 * has an actor by now (another process adopted the row first) is skipped, and one that cannot be
 * given an actor is logged and left for the next start. Returns how many were adopted.
 */
export async function adoptOrphanConnections(
  deps: { machine: Pick<ConnectionHandle, 'get'>; logger: Logger; startActor(row: ToolConnectionRow, retryInitialFailure: boolean): Promise<unknown> },
  orphans: ToolConnectionRow[],
): Promise<number> {
  let adopted = 0;
  for (const row of orphans) {
    if (deps.machine.get(row.id)) continue;
    try {
      await deps.startActor(row, true);
      adopted += 1;
    } catch (error) {
      deps.logger.warn({ err: error, connection_id: row.id }, 'a stored tool connection could not be given an actor');
    }
  }
  return adopted;
}
