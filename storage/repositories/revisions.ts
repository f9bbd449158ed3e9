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
  /**
   * Parts of the feedback the revision applied; null until it completes, or when the model does not
   * say. Always set on rows read back; a new revision (insert) has applied nothing yet.
   */
  applied?: string[] | null;
  /** Parts of the feedback it did not apply, and why; null until it completes ([] when all were applied). */
  not_applied?: NotApplied[] | null;
}

/** One part of a revision's feedback that was not applied, and why. */
export interface NotApplied {
  part: string;
  reason: string;
}

/**
 * What the revision's step reported in its output `data` (`applied`, `not_applied`), kept to the
 * record's shape: a model that reports nothing unapplied gives [], one that does not say what it
 * applied gives null.
 */
export function revisionNotes(data: Record<string, unknown> | null): { applied: string[] | null; not_applied: NotApplied[] } {
  const applied = Array.isArray(data?.applied) ? data.applied.filter((part): part is string => typeof part === 'string') : null;
  const notApplied = Array.isArray(data?.not_applied)
    ? data.not_applied
        .filter((entry): entry is Record<string, unknown> => typeof entry === 'object' && entry !== null && typeof (entry as Record<string, unknown>).part === 'string')
        .map((entry) => ({ part: String(entry.part), reason: typeof entry.reason === 'string' ? entry.reason : '' }))
    : [];
  return { applied, not_applied: notApplied };
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
    applied: parseJson(row.applied, null),
    not_applied: parseJson(row.not_applied, null),
  };
}

/** Revision records of outcomes. */
export function revisionsRepository(db: Db): RevisionsRepository {
  return {
    async insert(row: RevisionRow, trx: Db = db): Promise<void> {
      await trx('revisions').insert({
        ...row,
        requirements: JSON.stringify(row.requirements),
        changes_requested: JSON.stringify(row.changes_requested),
        error: row.error === null ? null : JSON.stringify(row.error),
        applied: row.applied == null ? null : JSON.stringify(row.applied),
        not_applied: row.not_applied == null ? null : JSON.stringify(row.not_applied),
      });
    },
    /**
     * Settles a revision. A completed one also records what its step reported applying and not
     * applying (`revisionNotes` of the step's stored output, keyed by the revision id, which is
     * written before or in the same transaction as the settlement); a failed one applied nothing.
     */
    async finish(id: string, status: 'completed' | 'failed', at: string, error: Record<string, unknown> | null, trx: Db = db): Promise<void> {
      let notes: { applied: string[] | null; not_applied: NotApplied[] | null } = { applied: null, not_applied: null };
      if (status === 'completed') {
        const output = await trx('stage_outputs')
          .select('data')
          .where({ step_key: id })
          .whereIn('outcome_id', trx('revisions').select('outcome_id').where({ id }))
          .orderBy('attempt', 'desc')
          .first();
        notes = revisionNotes(parseJson<Record<string, unknown> | null>(output?.data, null));
      }
      await trx('revisions')
        .where({ id })
        .update({
          status,
          completed_at: at,
          error: error === null ? null : JSON.stringify(error),
          applied: notes.applied === null ? null : JSON.stringify(notes.applied),
          not_applied: notes.not_applied === null ? null : JSON.stringify(notes.not_applied),
        });
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

export interface RevisionsRepository {
  insert(row: RevisionRow, trx?: Db): Promise<void>;
  /**
   * Settles a revision. A completed one also records what its step reported applying and not
   * applying (`revisionNotes` of the step's stored output, keyed by the revision id, which is
   * written before or in the same transaction as the settlement); a failed one applied nothing.
   */
  finish(id: string, status: 'completed' | 'failed', at: string, error: Record<string, unknown> | null, trx?: Db): Promise<void>;
  get(id: string): Promise<RevisionRow | undefined>;
  listForOutcome(workspaceId: string, outcomeId: string): Promise<RevisionRow[]>;
}
