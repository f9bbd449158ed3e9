import type { Db } from '../db.js';
import { insertValues, parseJson } from './chunks.js';

/**
 * What one agent step produced, keyed by (outcome, step, attempt): `step_key` is the stage index
 * or a revision id. A restored step finds its row and does not run the model again.
 */
export interface StageOutputRow {
  outcome_id: string;
  step_key: string;
  attempt: number;
  summary: string;
  content: string;
  data: Record<string, unknown> | null;
  created_at: string;
}

export function stageOutputsRepository(db: Db) {
  return {
    /** Inserts; a row that exists (a re-run step) is kept as it was. */
    async insertMany(rows: StageOutputRow[], trx: Db = db): Promise<void> {
      await insertValues(
        trx,
        'stage_outputs',
        ['outcome_id', 'step_key', 'attempt', 'summary', 'content', 'data', 'created_at'],
        rows.map((row) => [row.outcome_id, row.step_key, row.attempt, row.summary, row.content, row.data === null ? null : JSON.stringify(row.data), row.created_at]),
        'on conflict ("outcome_id", "step_key", "attempt") do nothing',
      );
    },
    async listForOutcome(outcomeId: string): Promise<StageOutputRow[]> {
      const rows = await db('stage_outputs').where({ outcome_id: outcomeId }).orderBy([{ column: 'created_at' }, { column: 'attempt' }]);
      return rows.map((row: Record<string, unknown>) => ({
        outcome_id: String(row.outcome_id),
        step_key: String(row.step_key),
        attempt: Number(row.attempt),
        summary: String(row.summary),
        content: String(row.content),
        data: parseJson(row.data, null),
        created_at: String(row.created_at),
      }));
    },
  };
}

export type StageOutputsRepository = ReturnType<typeof stageOutputsRepository>;
