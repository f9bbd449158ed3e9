import { isPostgres, type Db } from '../db.js';
import { parseJson } from './chunks.js';

export interface CatalogTool {
  /** The server's own tool name. */
  name: string;
  /** `<server_name>__<tool>`, at most 64 characters: the name models see. */
  model_name: string;
  description: string;
  input_schema: Record<string, unknown>;
}

export interface ToolCatalogRow {
  connection_id: string;
  workspace_id: string;
  version: number;
  tools: CatalogTool[];
  ttl_ms: number | null;
  fetched_at: string;
}

function fromDb(row: Record<string, unknown>): ToolCatalogRow {
  return {
    connection_id: String(row.connection_id),
    workspace_id: String(row.workspace_id),
    version: Number(row.version),
    tools: parseJson(row.tools, []),
    ttl_ms: row.ttl_ms === null || row.ttl_ms === undefined ? null : Number(row.ttl_ms),
    fetched_at: String(row.fetched_at),
  };
}

/** The latest tool catalog per connection, and which catalog versions each outcome saw. */
export function toolCatalogsRepository(db: Db): ToolCatalogsRepository {
  return {
    async get(connectionId: string): Promise<ToolCatalogRow | undefined> {
      const row = await db('tool_catalogs').where({ connection_id: connectionId }).first();
      return row ? fromDb(row) : undefined;
    },
    async listForWorkspace(workspaceId: string): Promise<ToolCatalogRow[]> {
      return (await db('tool_catalogs').where({ workspace_id: workspaceId })).map(fromDb);
    },
    /**
     * Stores `tools` as the connection's catalog. The version grows only when the list changed,
     * so a refresh that finds the same tools keeps its version. Returns the stored row, or
     * undefined when the connection is gone or disconnected: a discovery that finishes after the
     * disconnect stores nothing. The connection row is read locked (Postgres), so a put and the
     * tick that writes `disconnected` (and deletes the catalog after it) take turns.
     */
    async put(row: Omit<ToolCatalogRow, 'version'>): Promise<ToolCatalogRow | undefined> {
      return db.transaction(async (trx) => {
        const owner = trx('tool_connections').where({ id: row.connection_id }).whereNot('state', 'disconnected').first('id');
        if (!(await (isPostgres(trx) ? owner.forShare() : owner))) return undefined;
        const current = await trx('tool_catalogs').where({ connection_id: row.connection_id }).first();
        const tools = JSON.stringify(row.tools);
        if (!current) {
          await trx('tool_catalogs').insert({ ...row, version: 1, tools });
          return { ...row, version: 1 };
        }
        const same = String(current.tools) === tools;
        const version = same ? Number(current.version) : Number(current.version) + 1;
        await trx('tool_catalogs').where({ connection_id: row.connection_id }).update({ version, tools, ttl_ms: row.ttl_ms, fetched_at: row.fetched_at });
        return { ...row, version };
      });
    },
    async remove(connectionId: string): Promise<void> {
      await db('tool_catalogs').where({ connection_id: connectionId }).delete();
    },
    async recordSeen(entries: Array<{ outcome_id: string; connection_id: string; workspace_id: string; version: number; seen_at: string }>): Promise<void> {
      if (entries.length === 0) return;
      await db('outcome_tool_catalogs').insert(entries).onConflict(['outcome_id', 'connection_id', 'version']).ignore();
    },
    async seenBy(workspaceId: string, outcomeId: string): Promise<Array<{ connection_id: string; version: number }>> {
      const rows = await db('outcome_tool_catalogs').where({ workspace_id: workspaceId, outcome_id: outcomeId }).orderBy(['connection_id', 'version']);
      return rows.map((row) => ({ connection_id: String(row.connection_id), version: Number(row.version) }));
    },
  };
}

export interface ToolCatalogsRepository {
  get(connectionId: string): Promise<ToolCatalogRow | undefined>;
  listForWorkspace(workspaceId: string): Promise<ToolCatalogRow[]>;
  /**
   * Stores `tools` as the connection's catalog. The version grows only when the list changed,
   * so a refresh that finds the same tools keeps its version. Returns the stored row, or
   * undefined (nothing stored) when the connection is gone or disconnected.
   */
  put(row: Omit<ToolCatalogRow, 'version'>): Promise<ToolCatalogRow | undefined>;
  remove(connectionId: string): Promise<void>;
  recordSeen(entries: Array<{ outcome_id: string; connection_id: string; workspace_id: string; version: number; seen_at: string }>): Promise<void>;
  seenBy(workspaceId: string, outcomeId: string): Promise<Array<{ connection_id: string; version: number }>>;
}
