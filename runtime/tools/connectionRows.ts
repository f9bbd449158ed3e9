import type { ToolConnectionStatePatch } from '../../storage/repositories/toolConnections.js';
import type { RowWriter } from '../actors/rowWriter.js';

/** A tool connection's projection onto its row; a disconnected one also loses its catalog. */
export interface ToolConnectionState {
  connectionId: string;
  patch: ToolConnectionStatePatch;
}

// The toolConnection machine's kind of tick rows (runtime/actors/tickRows.ts).
declare module '../actors/tickRows.js' {
  interface TickRows {
    /** Tool connection rows projected from tool connection snapshots. */
    toolConnectionStates?: ToolConnectionState[];
  }
}

/** The toolConnection machine's persistence (connectionMachine.ts): its row's state, and on disconnect its catalog. */
export const connectionRowWriters: readonly RowWriter[] = [
  {
    kinds: ['toolConnectionStates'],
    tables: ['tool_connections', 'tool_catalogs'],
    phase: 'update',
    async write(rows, trx, repos) {
      for (const connection of rows.toolConnectionStates ?? []) await repos.toolConnections.updateState(connection.connectionId, connection.patch, trx);
    },
  },
];
