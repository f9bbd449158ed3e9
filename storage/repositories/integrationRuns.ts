import type { Db } from '../db.js';
import { parseJson } from './chunks.js';

/** One flag run, keyed by its idempotency key (outcome:stage:attempt:integration). */
export interface IntegrationRunRow {
  idempotency_key: string;
  workspace_id: string;
  outcome_id: string;
  integration_id: string;
  status: 'success' | 'failed';
  entry: Record<string, unknown>;
  created_at: string;
}

export function integrationRunsRepository(db: Db): IntegrationRunsRepository {
  return {
    async get(key: string): Promise<IntegrationRunRow | undefined> {
      const row = await db('integration_runs').where({ idempotency_key: key }).first();
      return row ? { ...row, entry: parseJson(row.entry, {}) } : undefined;
    },
    /** Records a run; a record already there for the key wins (a replay stores nothing new). */
    async record(row: IntegrationRunRow): Promise<void> {
      await db('integration_runs').insert({ ...row, entry: JSON.stringify(row.entry) }).onConflict('idempotency_key').ignore();
    },
    async listForOutcome(workspaceId: string, outcomeId: string): Promise<IntegrationRunRow[]> {
      const rows = await db('integration_runs').where({ workspace_id: workspaceId, outcome_id: outcomeId }).orderBy('created_at');
      return rows.map((row) => ({ ...row, entry: parseJson(row.entry, {}) }));
    },
  };
}

export interface IntegrationRunsRepository {
  get(key: string): Promise<IntegrationRunRow | undefined>;
  /** Records a run; a record already there for the key wins (a replay stores nothing new). */
  record(row: IntegrationRunRow): Promise<void>;
  listForOutcome(workspaceId: string, outcomeId: string): Promise<IntegrationRunRow[]>;
}
