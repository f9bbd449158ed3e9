import type { Db } from '../db.js';
import { insertMany } from '../sql/insertMany.js';
import { parseJson } from '../sql/parseJson.js';

export interface WorkflowEntry {
  crew_id: string;
  outcome_id: string;
  priority: number;
  /** Crew ids, as the client sent them. */
  depends_on: string[];
}

export interface WorkflowRow {
  id: string;
  workspace_id: string;
  name: string;
  status: string;
  entries: WorkflowEntry[];
  created_at: string;
  completed_at: string | null;
}

function fromDb(row: Record<string, unknown>): WorkflowRow {
  return {
    id: String(row.id),
    workspace_id: String(row.workspace_id),
    name: String(row.name),
    status: String(row.status),
    entries: parseJson(row.entries, []),
    created_at: String(row.created_at),
    completed_at: (row.completed_at as string | null) ?? null,
  };
}

const workflowColumns = ['id', 'workspace_id', 'name', 'status', 'entries', 'created_at', 'completed_at'] as const;
const values = (row: WorkflowRow) => [row.id, row.workspace_id, row.name, row.status, JSON.stringify(row.entries), row.created_at, row.completed_at];

/** Batch deploys: one row per workflow; the actor host keeps `status` current. */
export function workflowsRepository(db: Db): WorkflowsRepository {
  return {
    async insert(row: WorkflowRow, trx: Db = db): Promise<void> {
      await insertMany(trx, 'workflows', workflowColumns, [values(row)]);
    },
    async upsertState(rows: WorkflowRow[], trx: Db = db): Promise<void> {
      await insertMany(trx, 'workflows', workflowColumns, rows.map(values), { keys: ['id'], update: ['status', 'completed_at'] });
    },
    async get(workspaceId: string, id: string): Promise<WorkflowRow | undefined> {
      const row = await db('workflows').where({ workspace_id: workspaceId, id }).first();
      return row ? fromDb(row) : undefined;
    },
  };
}

export interface WorkflowsRepository {
  insert(row: WorkflowRow, trx?: Db): Promise<void>;
  upsertState(rows: WorkflowRow[], trx?: Db): Promise<void>;
  get(workspaceId: string, id: string): Promise<WorkflowRow | undefined>;
}
