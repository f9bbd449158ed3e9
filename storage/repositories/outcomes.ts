import type { Knex } from 'knex';
import type { Db } from '../db.js';
import { insertMany } from '../sql/insertMany.js';
import { parseJson } from '../sql/parseJson.js';
import { readInChunks } from '../sql/inChunks.js';

/** The outcome read model: one row per outcome, kept current by the actor host after each transition. */
export interface OutcomeRow {
  id: string;
  workspace_id: string;
  crew: string;
  status: string;
  created_at: string;
  updated_at: string;
  /** The first completion; a revision never moves it. */
  completed_at: string | null;
  /** When the latest revision completed, and its id; null until one did. */
  revised_at: string | null;
  revision_id: string | null;
  failed_at: string | null;
  estimated_completion: string | null;
  progress: Record<string, unknown>;
  agents: Record<string, Record<string, unknown>>;
  result: Record<string, unknown> | null;
  quality_metrics: Record<string, unknown> | null;
  integrations_executed: Record<string, unknown> | null;
  error: Record<string, unknown> | null;
  retry_available: boolean | null;
  estimated_retry_time: string | null;
  revisions_available: number;
  attempt: number;
  workflow_id: string | null;
  /** The approval the outcome waits for (issue 27); null when it waits for none. */
  pending_action?: Record<string, unknown> | null;
}

/** What a deploy asked for; written once with the outcome. */
export interface OutcomeInputRow {
  outcome_id: string;
  brief: string;
  context: string | null;
  requirements: Record<string, unknown>;
  integrations: Record<string, unknown>;
  template_id: string | null;
  context_documents: string[];
  depends_on: string[];
  priority: number | null;
  /** The effective approval policy (issue 27); null: none. */
  approvals?: Record<string, unknown> | null;
}

export interface OutcomeListFilter {
  status?: string;
  crew?: string;
  createdAfter?: string;
  createdBefore?: string;
  /** Keyset position: rows strictly after (older than) this one. */
  after?: { createdAt: string; id: string };
  limit: number;
}

const jsonColumns = ['progress', 'agents', 'result', 'quality_metrics', 'integrations_executed', 'error', 'pending_action'] as const;
/** Columns a transition may change (everything but identity and creation). */
export const outcomeStateColumns = [
  'status',
  'updated_at',
  'completed_at',
  'revised_at',
  'revision_id',
  'failed_at',
  'estimated_completion',
  'progress',
  'agents',
  'result',
  'quality_metrics',
  'integrations_executed',
  'error',
  'retry_available',
  'estimated_retry_time',
  'revisions_available',
  'attempt',
  'workflow_id',
  'pending_action',
] as const;

function toDb(row: OutcomeRow): Record<string, Knex.Value | undefined> {
  const out: Record<string, Knex.Value | undefined> = { ...row };
  for (const column of jsonColumns) out[column] = row[column] === null || row[column] === undefined ? null : JSON.stringify(row[column]);
  return out;
}

function fromDb(row: Record<string, unknown>): OutcomeRow {
  return {
    id: String(row.id),
    workspace_id: String(row.workspace_id),
    crew: String(row.crew),
    status: String(row.status),
    created_at: String(row.created_at),
    updated_at: String(row.updated_at),
    completed_at: (row.completed_at as string | null) ?? null,
    revised_at: (row.revised_at as string | null) ?? null,
    revision_id: (row.revision_id as string | null) ?? null,
    failed_at: (row.failed_at as string | null) ?? null,
    estimated_completion: (row.estimated_completion as string | null) ?? null,
    progress: parseJson(row.progress, {}),
    agents: parseJson(row.agents, {}),
    result: parseJson(row.result, null),
    quality_metrics: parseJson(row.quality_metrics, null),
    integrations_executed: parseJson(row.integrations_executed, null),
    error: parseJson(row.error, null),
    retry_available: row.retry_available === null || row.retry_available === undefined ? null : Boolean(row.retry_available),
    estimated_retry_time: (row.estimated_retry_time as string | null) ?? null,
    revisions_available: Number(row.revisions_available),
    attempt: Number(row.attempt),
    workflow_id: (row.workflow_id as string | null) ?? null,
    pending_action: parseJson(row.pending_action, null),
  };
}

function inputFromDb(row: Record<string, unknown>): OutcomeInputRow {
  return {
    outcome_id: String(row.outcome_id),
    brief: String(row.brief),
    context: (row.context as string | null) ?? null,
    requirements: parseJson(row.requirements, {}),
    integrations: parseJson(row.integrations, {}),
    template_id: (row.template_id as string | null) ?? null,
    context_documents: parseJson(row.context_documents, []),
    depends_on: parseJson(row.depends_on, []),
    priority: row.priority === null || row.priority === undefined ? null : Number(row.priority),
    approvals: parseJson(row.approvals, null),
  };
}

const outcomeColumns = ['id', 'workspace_id', 'crew', 'created_at', ...outcomeStateColumns] as const;

/** Rows in `outcomeColumns` order, encoded for the database. */
function outcomeValues(rows: OutcomeRow[]): Array<Array<Knex.Value | undefined>> {
  return rows.map((row) => {
    const encoded = toDb(row);
    return outcomeColumns.map((column) => encoded[column]);
  });
}

/** Outcomes and their inputs. Every read is scoped by workspace; another workspace's id is "not there". */
export function outcomesRepository(db: Db): OutcomesRepository {
  return {
    async insert(rows: OutcomeRow[], inputs: OutcomeInputRow[], trx: Db = db): Promise<void> {
      await insertMany(
        trx,
        'outcomes',
        outcomeColumns,
        outcomeValues(rows),
      );
      await insertMany(
        trx,
        'outcome_inputs',
        ['outcome_id', 'brief', 'context', 'requirements', 'integrations', 'template_id', 'context_documents', 'depends_on', 'priority', 'approvals'],
        inputs.map((input) => [
          input.outcome_id,
          input.brief,
          input.context,
          JSON.stringify(input.requirements),
          JSON.stringify(input.integrations),
          input.template_id,
          JSON.stringify(input.context_documents),
          JSON.stringify(input.depends_on),
          input.priority,
          input.approvals ? JSON.stringify(input.approvals) : null,
        ]),
      );
    },
    /** Writes the state of many outcomes in multi-row upserts (one per chunk). */
    async upsertState(rows: OutcomeRow[], trx: Db = db): Promise<void> {
      await insertMany(
        trx,
        'outcomes',
        outcomeColumns,
        outcomeValues(rows),
        { keys: ['id'], update: outcomeStateColumns },
      );
    },
    async get(workspaceId: string, id: string): Promise<OutcomeRow | undefined> {
      const row = await db('outcomes').where({ workspace_id: workspaceId, id }).first();
      return row ? fromDb(row) : undefined;
    },
    /** Any workspace's outcome (engine internals only). */
    async getAny(id: string): Promise<OutcomeRow | undefined> {
      const row = await db('outcomes').where({ id }).first();
      return row ? fromDb(row) : undefined;
    },
    async getMany(ids: readonly string[]): Promise<OutcomeRow[]> {
      return (await readInChunks(ids, (chunk) => db('outcomes').whereIn('id', chunk))).map(fromDb);
    },
    /** The stored inputs of these outcomes, by id; an id without one is absent from the map. */
    async getInputs(ids: readonly string[]): Promise<Map<string, OutcomeInputRow>> {
      const rows = await readInChunks(ids, (chunk) => db('outcome_inputs').whereIn('outcome_id', chunk));
      return new Map(rows.map((row: Record<string, unknown>) => [String(row.outcome_id), inputFromDb(row)]));
    },
    async getInput(id: string): Promise<OutcomeInputRow | undefined> {
      const row = await db('outcome_inputs').where({ outcome_id: id }).first();
      return row ? inputFromDb(row) : undefined;
    },
    /** The briefs of these outcomes, by id (one query for a page of a list). */
    async briefsOf(ids: string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = (await db('outcome_inputs').whereIn('outcome_id', ids).select('outcome_id', 'brief')) as Array<{ outcome_id: string; brief: string }>;
      return new Map(rows.map((row) => [row.outcome_id, row.brief]));
    },
    /** Newest first, by (created_at, id) descending: a keyset walk never repeats or skips a row. */
    async list(workspaceId: string, filter: OutcomeListFilter): Promise<OutcomeRow[]> {
      const query = db('outcomes').where({ workspace_id: workspaceId });
      if (filter.status) query.andWhere({ status: filter.status });
      if (filter.crew) query.andWhere({ crew: filter.crew });
      if (filter.createdAfter) query.andWhere('created_at', '>', filter.createdAfter);
      if (filter.createdBefore) query.andWhere('created_at', '<', filter.createdBefore);
      if (filter.after) {
        const { createdAt, id } = filter.after;
        query.andWhere((q) => q.where('created_at', '<', createdAt).orWhere((q2) => q2.where('created_at', '=', createdAt).andWhere('id', '<', id)));
      }
      const rows = await query.orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(filter.limit);
      return rows.map(fromDb);
    },
    async countByStatus(workspaceId: string, statuses: string[]): Promise<number> {
      const [row] = await db('outcomes').where({ workspace_id: workspaceId }).whereIn('status', statuses).count({ n: '*' });
      return Number(row?.n ?? 0);
    },
  };
}

export interface OutcomesRepository {
  insert(rows: OutcomeRow[], inputs: OutcomeInputRow[], trx?: Db): Promise<void>;
  /** Writes the state of many outcomes in multi-row upserts (one per chunk). */
  upsertState(rows: OutcomeRow[], trx?: Db): Promise<void>;
  get(workspaceId: string, id: string): Promise<OutcomeRow | undefined>;
  /** Any workspace's outcome (engine internals only). */
  getAny(id: string): Promise<OutcomeRow | undefined>;
  /** Any workspace's outcomes by id (engine internals only), in chunks; ids not stored are left out. */
  getMany(ids: readonly string[]): Promise<OutcomeRow[]>;
  getInput(id: string): Promise<OutcomeInputRow | undefined>;
  /** The stored inputs of these outcomes, by id; an id without one is absent from the map. */
  getInputs(ids: readonly string[]): Promise<Map<string, OutcomeInputRow>>;
  /** The briefs of these outcomes, by id (one query for a page of a list). */
  briefsOf(ids: string[]): Promise<Map<string, string>>;
  /** Newest first, by (created_at, id) descending: a keyset walk never repeats or skips a row. */
  list(workspaceId: string, filter: OutcomeListFilter): Promise<OutcomeRow[]>;
  countByStatus(workspaceId: string, statuses: string[]): Promise<number>;
}
