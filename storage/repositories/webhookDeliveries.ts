import type { Knex } from 'knex';
import type { Db } from '../db.js';

/** Where a delivery stands, as last persisted. An attempt in flight is not persisted. */
export type DeliveryState = 'scheduled' | 'waiting' | 'succeeded' | 'failed';

/** One event sent to one webhook, with its latest attempt and the delivery actor's snapshot. */
export interface DeliveryRow {
  id: string;
  webhook_id: string;
  workspace_id: string;
  event_id: string | null;
  event: string;
  /** The serialized envelope: signed and sent unchanged on every attempt. */
  body: string;
  test: boolean;
  state: DeliveryState;
  attempt: number;
  response_code: number | null;
  response_time_ms: number | null;
  delivered_at: string | null;
  next_retry: string | null;
  error: string | null;
  /** JSON of the actor's persisted snapshot; null before the first attempt finished. */
  snapshot: string | null;
  machine_version: string;
  created_at: string;
  updated_at: string;
}

const updateColumns = ['state', 'attempt', 'response_code', 'response_time_ms', 'delivered_at', 'next_retry', 'error', 'snapshot', 'updated_at'] as const;

// Multi-row writes are plain SQL that SQLite (>= 3.24) and Postgres both take: building them with
// knex cost more than running them at webhook rates. A multi-row VALUES list is not bound by
// SQLite's 500-term compound SELECT limit; the bound is parameters (SQLite 32766, Postgres 65535).
const columns = [
  'id', 'webhook_id', 'workspace_id', 'event_id', 'event', 'body', 'test', 'state', 'attempt', 'response_code',
  'response_time_ms', 'delivered_at', 'next_retry', 'error', 'snapshot', 'machine_version', 'created_at', 'updated_at',
] as const satisfies ReadonlyArray<keyof DeliveryRow>;
const rowsPerStatement = Math.floor(30_000 / columns.length);
const insertHead = `insert into webhook_deliveries (${columns.map((c) => `"${c}"`).join(', ')}) values `;
const rowPlaceholders = `(${columns.map(() => '?').join(', ')})`;
const valuesCache = new Map<number, string>();

// Attempt results bind only the id and the changed columns (not the body again): an UPDATE from a
// VALUES list, whose columns both databases name column1, column2, ... Postgres types VALUES
// parameters as text, hence the casts.
const updateRowsPerStatement = Math.floor(30_000 / (updateColumns.length + 1));
const integerColumns: ReadonlySet<string> = new Set(['attempt', 'response_code', 'response_time_ms']);
const updateHead = 'update webhook_deliveries set ' + updateColumns.map((c, i) => (integerColumns.has(c) ? `"${c}" = cast(v.column${i + 2} as integer)` : `"${c}" = v.column${i + 2}`)).join(', ') + ' from (values ';
const updateTail = ') as v where webhook_deliveries.id = v.column1';
const updateRowPlaceholders = `(${['id', ...updateColumns].map(() => '?').join(', ')})`;
const updateValuesCache = new Map<number, string>();

function updateValuesFor(count: number): string {
  let values = updateValuesCache.get(count);
  if (values === undefined) {
    values = new Array<string>(count).fill(updateRowPlaceholders).join(', ');
    if (updateValuesCache.size < 64) updateValuesCache.set(count, values);
  }
  return values;
}

function updateBindingsOf(rows: DeliveryRow[]): Knex.Value[] {
  const out = new Array<Knex.Value>(rows.length * (updateColumns.length + 1));
  let k = 0;
  for (const row of rows) {
    out[k++] = row.id;
    for (const column of updateColumns) out[k++] = row[column];
  }
  return out;
}

/** `(?, ...), (?, ...)` for `count` rows; cached, since batch sizes repeat. */
function valuesFor(count: number): string {
  let values = valuesCache.get(count);
  if (values === undefined) {
    values = new Array<string>(count).fill(rowPlaceholders).join(', ');
    if (valuesCache.size < 64) valuesCache.set(count, values);
  }
  return values;
}

function bindingsOf(rows: DeliveryRow[]): Knex.Value[] {
  const out = new Array<Knex.Value>(rows.length * columns.length);
  let k = 0;
  for (const row of rows) for (const column of columns) out[k++] = row[column];
  return out;
}

/** What an attempt (or the end of a delivery) changes. */
export type DeliveryUpdate = Pick<
  DeliveryRow,
  'id' | 'state' | 'attempt' | 'response_code' | 'response_time_ms' | 'delivered_at' | 'next_retry' | 'error' | 'snapshot' | 'updated_at'
>;

export interface WebhookStats {
  delivery_count: number;
  last_delivery: string | null;
  succeeded: number;
}

function nullableNumber(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

function fromDb(row: Record<string, unknown>): DeliveryRow {
  return {
    id: String(row.id),
    webhook_id: String(row.webhook_id),
    workspace_id: String(row.workspace_id),
    event_id: (row.event_id as string | null) ?? null,
    event: String(row.event),
    body: String(row.body),
    test: Boolean(row.test),
    state: String(row.state) as DeliveryState,
    attempt: Number(row.attempt),
    response_code: nullableNumber(row.response_code),
    response_time_ms: nullableNumber(row.response_time_ms),
    delivered_at: (row.delivered_at as string | null) ?? null,
    next_retry: (row.next_retry as string | null) ?? null,
    error: (row.error as string | null) ?? null,
    snapshot: (row.snapshot as string | null) ?? null,
    machine_version: String(row.machine_version),
    created_at: String(row.created_at),
    updated_at: String(row.updated_at),
  };
}

/** Webhook deliveries and the dispatcher's cursor over the events log. */
export function webhookDeliveriesRepository(db: Db) {
  return {
    /** Inserts new deliveries; one that exists for the same (event, webhook) is left alone. */
    async insertMany(rows: DeliveryRow[], trx: Db = db): Promise<void> {
      for (let i = 0; i < rows.length; i += rowsPerStatement) {
        const chunk = rows.slice(i, i + rowsPerStatement);
        await trx.raw(`${insertHead}${valuesFor(chunk.length)} on conflict (event_id, webhook_id) do nothing`, bindingsOf(chunk));
      }
    },
    /**
     * Writes attempt results of existing rows, many per statement (a multi-row upsert that only
     * ever takes its update branch); pass a transaction to commit them with their timers.
     */
    async updateMany(rows: DeliveryRow[], trx: Db = db): Promise<void> {
      for (let i = 0; i < rows.length; i += updateRowsPerStatement) {
        const chunk = rows.slice(i, i + updateRowsPerStatement);
        await trx.raw(`${updateHead}${updateValuesFor(chunk.length)}${updateTail}`, updateBindingsOf(chunk));
      }
    },
    async get(id: string): Promise<DeliveryRow | undefined> {
      const row = await db('webhook_deliveries').where({ id }).first();
      return row ? fromDb(row) : undefined;
    },
    async getMany(ids: string[]): Promise<DeliveryRow[]> {
      if (ids.length === 0) return [];
      const out: DeliveryRow[] = [];
      for (let i = 0; i < ids.length; i += 500) out.push(...(await db('webhook_deliveries').whereIn('id', ids.slice(i, i + 500))).map(fromDb));
      return out;
    },
    /** Newest first. */
    async listForWebhook(webhookId: string, limit: number): Promise<DeliveryRow[]> {
      const rows = await db('webhook_deliveries')
        .where({ webhook_id: webhookId })
        .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }])
        .limit(limit);
      return rows.map(fromDb);
    },
    /** Deliveries whose first attempt never finished (restored at start), oldest first. */
    async listScheduled(limit: number, afterId = ''): Promise<DeliveryRow[]> {
      const rows = await db('webhook_deliveries').where({ state: 'scheduled' }).andWhere('id', '>', afterId).orderBy('id').limit(limit);
      return rows.map(fromDb);
    },
    /** Waiting deliveries that have no timer row (lost between a fired timer and the next attempt's result). */
    async listWaitingWithoutTimer(timerKind: string, limit: number): Promise<DeliveryRow[]> {
      const rows = await db('webhook_deliveries as d')
        .leftJoin('timers as t', function joinTimer() {
          this.on('t.key', '=', 'd.id').andOn('t.kind', '=', db.raw('?', [timerKind]));
        })
        .where('d.state', 'waiting')
        .whereNull('t.key')
        .select('d.*')
        .limit(limit);
      return rows.map(fromDb);
    },
    /** Per webhook: deliveries with at least one attempt, the latest attempt time, how many succeeded. */
    async stats(webhookIds: string[]): Promise<Map<string, WebhookStats>> {
      const out = new Map<string, WebhookStats>();
      if (webhookIds.length === 0) return out;
      const rows = await db('webhook_deliveries')
        .whereIn('webhook_id', webhookIds)
        .andWhere('attempt', '>', 0)
        .groupBy('webhook_id')
        .select('webhook_id')
        .count({ n: '*' })
        .max({ last: 'delivered_at' })
        .sum({ ok: db.raw("case when state = 'succeeded' then 1 else 0 end") });
      for (const row of rows as Array<Record<string, unknown>>) {
        out.set(String(row.webhook_id), {
          delivery_count: Number(row.n ?? 0),
          last_delivery: (row.last as string | null) ?? null,
          succeeded: Number(row.ok ?? 0),
        });
      }
      return out;
    },
    /** Creates the cursor row at position 0 unless it exists. */
    async ensureCursor(name: string, at: string): Promise<void> {
      await db('webhook_cursor').insert({ name, position: 0, updated_at: at }).onConflict('name').ignore();
    },
    /**
     * Compare-and-set: moves the cursor from `from` to `to`; false when another writer moved it
     * first (then the caller's transaction must not commit its fan-out).
     */
    async moveCursor(name: string, from: number, to: number, at: string, trx: Db): Promise<boolean> {
      const updated = await trx('webhook_cursor').where({ name, position: from }).update({ position: to, updated_at: at });
      return Number(updated) === 1;
    },
    async readCursor(name: string): Promise<number> {
      const row = await db('webhook_cursor').where({ name }).first();
      return Number(row?.position ?? 0);
    },
  };
}

export type WebhookDeliveriesRepository = ReturnType<typeof webhookDeliveriesRepository>;
