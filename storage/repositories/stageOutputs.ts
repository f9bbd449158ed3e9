import type { Db } from '../db.js';
import { insertMany } from '../sql/insertMany.js';
import { parseJson } from '../sql/parseJson.js';
import { readInChunks } from '../sql/inChunks.js';

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

function outputFromDb(row: Record<string, unknown>): StageOutputRow {
  return {
    outcome_id: String(row.outcome_id),
    step_key: String(row.step_key),
    attempt: Number(row.attempt),
    summary: String(row.summary),
    content: String(row.content),
    data: parseJson(row.data, null),
    created_at: String(row.created_at),
  };
}

export function stageOutputsRepository(db: Db): StageOutputsRepository {
  return {
    /** Inserts; a row that exists (a re-run step) is kept as it was. */
    async insertMany(rows: StageOutputRow[], trx: Db = db): Promise<void> {
      await insertMany(
        trx,
        'stage_outputs',
        ['outcome_id', 'step_key', 'attempt', 'summary', 'content', 'data', 'created_at'],
        rows.map((row) => [row.outcome_id, row.step_key, row.attempt, row.summary, row.content, row.data === null ? null : JSON.stringify(row.data), row.created_at]),
        { keys: ['outcome_id', 'step_key', 'attempt'] },
      );
    },
    /**
     * When the newest stage outputs (not revisions) were written, with their outcome's crew,
     * newest first: consecutive stages of one attempt give a stage's duration.
     */
    async recentTimings(limit = 2000): Promise<Array<{ outcome_id: string; crew: string; step_key: string; attempt: number; created_at: string }>> {
      const rows = await db('stage_outputs as s')
        .join('outcomes as o', 'o.id', 's.outcome_id')
        .select('s.outcome_id', 'o.crew', 's.step_key', 's.attempt', 's.created_at')
        .orderBy('s.created_at', 'desc')
        .limit(limit);
      return rows
        .filter((row: Record<string, unknown>) => /^\d+$/.test(String(row.step_key)))
        .map((row: Record<string, unknown>) => ({ outcome_id: String(row.outcome_id), crew: String(row.crew), step_key: String(row.step_key), attempt: Number(row.attempt), created_at: String(row.created_at) }));
    },
    async listForOutcome(outcomeId: string): Promise<StageOutputRow[]> {
      const rows = await db('stage_outputs').where({ outcome_id: outcomeId }).orderBy([{ column: 'created_at' }, { column: 'attempt' }]);
      return rows.map(outputFromDb);
    },
    /** The outputs of each of these outcomes, in `listForOutcome` order; an outcome without any maps to []. */
    async listForOutcomes(outcomeIds: readonly string[]): Promise<Map<string, StageOutputRow[]>> {
      const byOutcome = new Map<string, StageOutputRow[]>(outcomeIds.map((id) => [id, []]));
      const rows = await readInChunks(outcomeIds, (chunk) => db('stage_outputs').whereIn('outcome_id', chunk).orderBy([{ column: 'created_at' }, { column: 'attempt' }]));
      for (const row of rows) byOutcome.get(String(row.outcome_id))?.push(outputFromDb(row));
      return byOutcome;
    },
  };
}

export interface StageOutputsRepository {
  /** Inserts; a row that exists (a re-run step) is kept as it was. */
  insertMany(rows: StageOutputRow[], trx?: Db): Promise<void>;
  /**
   * When the newest stage outputs (not revisions) were written, with their outcome's crew,
   * newest first: consecutive stages of one attempt give a stage's duration.
   */
  recentTimings(limit?: number): Promise<Array<{ outcome_id: string; crew: string; step_key: string; attempt: number; created_at: string }>>;
  listForOutcome(outcomeId: string): Promise<StageOutputRow[]>;
  /** The outputs of each of these outcomes, in `listForOutcome` order; an outcome without any maps to []. */
  listForOutcomes(outcomeIds: readonly string[]): Promise<Map<string, StageOutputRow[]>>;
}
