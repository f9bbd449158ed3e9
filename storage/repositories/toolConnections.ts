import type { Db } from '../db.js';
import { parseJson } from './chunks.js';

export interface ToolConnectionStatusDetailRow {
  state: string;
  reason: string | null;
  next_retry_at: string | null;
  last_error: string | null;
}

/** One MCP tool connection. `credentials` is the encrypted token; plain values never reach storage. */
export interface ToolConnectionRow {
  id: string;
  workspace_id: string;
  server_type: string;
  server_name: string;
  params: Record<string, unknown>;
  credentials: string | null;
  state: string;
  status_detail: ToolConnectionStatusDetailRow;
  last_connected_at: string | null;
  created_at: string;
  updated_at: string;
}

/** What the tool connection actor's projection writes onto its row. */
export interface ToolConnectionStatePatch {
  state: string;
  status_detail: ToolConnectionStatusDetailRow;
  last_connected_at?: string | null;
  updated_at: string;
}

function fromDb(row: Record<string, unknown>): ToolConnectionRow {
  return {
    id: String(row.id),
    workspace_id: String(row.workspace_id),
    server_type: String(row.server_type),
    server_name: String(row.server_name),
    params: parseJson(row.params, {}),
    credentials: (row.credentials as string | null) ?? null,
    state: String(row.state),
    status_detail: parseJson(row.status_detail, { state: String(row.state), reason: null, next_retry_at: null, last_error: null }),
    last_connected_at: (row.last_connected_at as string | null) ?? null,
    created_at: String(row.created_at),
    updated_at: String(row.updated_at),
  };
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e.code === '23505' || e.code === 'SQLITE_CONSTRAINT' || /UNIQUE constraint failed/.test(String(e.message));
}

/** Tool connections; every read is scoped by workspace. */
export function toolConnectionsRepository(db: Db): ToolConnectionsRepository {
  return {
    /** False when a live connection with the same (workspace, server_type, server_name) exists. */
    async insert(row: ToolConnectionRow): Promise<boolean> {
      try {
        await db('tool_connections').insert({ ...row, params: JSON.stringify(row.params), status_detail: JSON.stringify(row.status_detail) });
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },
    async get(workspaceId: string, id: string): Promise<ToolConnectionRow | undefined> {
      const row = await db('tool_connections').where({ workspace_id: workspaceId, id }).first();
      return row ? fromDb(row) : undefined;
    },
    async findLive(workspaceId: string, serverType: string, serverName: string): Promise<ToolConnectionRow | undefined> {
      const row = await db('tool_connections').where({ workspace_id: workspaceId, server_type: serverType, server_name: serverName }).whereNot('state', 'disconnected').first();
      return row ? fromDb(row) : undefined;
    },
    /** Oldest first. */
    async list(workspaceId: string): Promise<ToolConnectionRow[]> {
      const rows = await db('tool_connections').where({ workspace_id: workspaceId }).orderBy([{ column: 'created_at' }, { column: 'id' }]);
      return rows.map(fromDb);
    },
    /** Connections that should be live (for restore at start). */
    async listLive(workspaceId?: string): Promise<ToolConnectionRow[]> {
      const query = db('tool_connections').whereNotIn('state', ['disconnected', 'error']);
      if (workspaceId) query.where({ workspace_id: workspaceId });
      return (await query.orderBy('created_at')).map(fromDb);
    },
    /**
     * Writes a connection's state (the tool connection actor's projection, in the actor host's
     * tick `trx`). A disconnected row is never brought back by a late write of another state;
     * writing `disconnected` also deletes the connection's catalog, in the same transaction.
     */
    async updateState(id: string, patch: ToolConnectionStatePatch, trx: Db = db): Promise<void> {
      const values: Record<string, unknown> = { state: patch.state, status_detail: JSON.stringify(patch.status_detail), updated_at: patch.updated_at };
      if (patch.last_connected_at !== undefined) values.last_connected_at = patch.last_connected_at;
      const query = trx('tool_connections').where({ id });
      if (patch.state !== 'disconnected') query.whereNot('state', 'disconnected');
      await query.update(values);
      if (patch.state === 'disconnected') await trx('tool_catalogs').where({ connection_id: id }).delete();
    },
    /** A connection by id alone (its actor knows no more than the id). */
    async getById(id: string): Promise<ToolConnectionRow | undefined> {
      const row = await db('tool_connections').where({ id }).first();
      return row ? fromDb(row) : undefined;
    },
    /** Drops a connection that never became active (its connect failed while the user waited). */
    async remove(id: string): Promise<void> {
      await db('tool_connections').where({ id }).delete();
    },
  };
}

export interface ToolConnectionsRepository {
  /** False when a live connection with the same (workspace, server_type, server_name) exists. */
  insert(row: ToolConnectionRow): Promise<boolean>;
  get(workspaceId: string, id: string): Promise<ToolConnectionRow | undefined>;
  findLive(workspaceId: string, serverType: string, serverName: string): Promise<ToolConnectionRow | undefined>;
  /** Oldest first. */
  list(workspaceId: string): Promise<ToolConnectionRow[]>;
  /** Connections that should be live (for restore at start). */
  listLive(workspaceId?: string): Promise<ToolConnectionRow[]>;
  /**
   * Writes a connection's state (the tool connection actor's projection, in the actor host's
   * tick `trx`). A disconnected row is never brought back by a late write of another state;
   * writing `disconnected` also deletes the connection's catalog, in the same transaction.
   */
  updateState(id: string, patch: ToolConnectionStatePatch, trx?: Db): Promise<void>;
  /** A connection by id alone (its actor knows no more than the id). */
  getById(id: string): Promise<ToolConnectionRow | undefined>;
  /** Drops a connection that never became active (its connect failed while the user waited). */
  remove(id: string): Promise<void>;
}
