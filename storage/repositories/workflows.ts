import type { Db } from '../db.js';
import { chunkRows, parseJson } from './chunks.js';

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

const encode = (row: WorkflowRow) => ({ ...row, entries: JSON.stringify(row.entries) });

/** Batch deploys: one row per workflow; the actor host keeps `status` current. */
export function workflowsRepository(db: Db) {
  return {
    async insert(row: WorkflowRow, trx: Db = db): Promise<void> {
      await trx('workflows').insert(encode(row));
    },
    async upsertState(rows: WorkflowRow[], trx: Db = db): Promise<void> {
      for (const chunk of chunkRows(rows.map(encode))) {
        await trx('workflows').insert(chunk).onConflict('id').merge(['status', 'completed_at']);
      }
    },
    async get(workspaceId: string, id: string): Promise<WorkflowRow | undefined> {
      const row = await db('workflows').where({ workspace_id: workspaceId, id }).first();
      return row ? fromDb(row) : undefined;
    },
  };
}

export type WorkflowsRepository = ReturnType<typeof workflowsRepository>;
