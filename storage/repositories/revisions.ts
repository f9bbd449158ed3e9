import type { Db } from '../db.js';
import { parseJson } from '../sql/parseJson.js';

export interface RevisionRow {
  id: string;
  outcome_id: string;
  workspace_id: string;
  status: 'processing' | 'completed' | 'failed';
  feedback: string;
  requirements: Record<string, unknown>;
  priority: string | null;
  changes_requested: string[];
  estimated_completion: string;
  created_at: string;
  completed_at: string | null;
  error: Record<string, unknown> | null;
}

function fromDb(row: Record<string, unknown>): RevisionRow {
  return {
    id: String(row.id),
    outcome_id: String(row.outcome_id),
    workspace_id: String(row.workspace_id),
    status: String(row.status) as RevisionRow['status'],
    feedback: String(row.feedback),
    requirements: parseJson(row.requirements, {}),
    priority: (row.priority as string | null) ?? null,
    changes_requested: parseJson(row.changes_requested, []),
    estimated_completion: String(row.estimated_completion),
    created_at: String(row.created_at),
    completed_at: (row.completed_at as string | null) ?? null,
    error: parseJson(row.error, null),
  };
}

/** Revision records of outcomes. */
export function revisionsRepository(db: Db) {
  return {
    async insert(row: RevisionRow, trx: Db = db): Promise<void> {
      await trx('revisions').insert({
        ...row,
        requirements: JSON.stringify(row.requirements),
        changes_requested: JSON.stringify(row.changes_requested),
        error: row.error === null ? null : JSON.stringify(row.error),
      });
    },
    async finish(id: string, status: 'completed' | 'failed', at: string, error: Record<string, unknown> | null, trx: Db = db): Promise<void> {
      await trx('revisions').where({ id }).update({ status, completed_at: at, error: error === null ? null : JSON.stringify(error) });
    },
    async get(id: string): Promise<RevisionRow | undefined> {
      const row = await db('revisions').where({ id }).first();
      return row ? fromDb(row) : undefined;
    },
    async listForOutcome(workspaceId: string, outcomeId: string): Promise<RevisionRow[]> {
      const rows = await db('revisions').where({ workspace_id: workspaceId, outcome_id: outcomeId }).orderBy([{ column: 'created_at' }, { column: 'id' }]);
      return rows.map(fromDb);
    },
  };
}

export type RevisionsRepository = ReturnType<typeof revisionsRepository>;
