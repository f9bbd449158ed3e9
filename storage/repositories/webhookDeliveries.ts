import type { Knex } from 'knex';
import { isPostgres, type Db } from '../db.js';
import { insertMany } from '../sql/insertMany.js';

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

/**
 * One finished attempt of a delivery. The latest attempt of a delivery lives on its delivery row;
 * the earlier ones in `webhook_attempts` (storage/migrations/008_webhook_attempts.ts).
 */
export interface AttemptRow {
  delivery_id: string;
  attempt: number;
  webhook_id: string;
  workspace_id: string;
  event: string;
  /** How this attempt ended. */
  state: 'succeeded' | 'failed';
  /** Null when no answer came. */
  response_code: number | null;
  response_time_ms: number;
  delivered_at: string;
  /** When the attempt after this one was (or is) due; null when none followed. */
  next_retry: string | null;
  error: string | null;
}

export interface WebhookStats {
  delivery_count: number;
  last_delivery: string | null;
  succeeded: number;
}

const deliveryColumns = [
  'id', 'webhook_id', 'workspace_id', 'event_id', 'event', 'body', 'test', 'state', 'attempt', 'response_code',
  'response_time_ms', 'delivered_at', 'next_retry', 'error', 'snapshot', 'machine_version', 'created_at', 'updated_at',
] as const satisfies ReadonlyArray<keyof DeliveryRow>;

const attemptColumns = [
  'delivery_id', 'attempt', 'webhook_id', 'workspace_id', 'event', 'state', 'response_code', 'response_time_ms', 'delivered_at', 'next_retry', 'error',
] as const satisfies ReadonlyArray<keyof AttemptRow>;

const updateColumns = ['state', 'attempt', 'response_code', 'response_time_ms', 'delivered_at', 'next_retry', 'error', 'snapshot', 'updated_at'] as const;
const integerColumns: ReadonlySet<string> = new Set(['attempt', 'response_code', 'response_time_ms']);

// Parameters per UPDATE statement: under SQLite's 32766 and Postgres' 65535 bound parameters.
const maxParameters = 30_000;

/**
 * The multi-row UPDATE of attempt results, as plain SQL that SQLite (>= 3.33) and Postgres both
 * take: an UPDATE from a VALUES list binding only the id and the changed columns (not the body
 * again); both databases name the VALUES columns column1, column2, ... Postgres types VALUES
 * parameters as text, hence the casts. (Inserts go through storage/sql/insertMany.ts.) The
 * `(?, ...), (?, ...)` lists are kept per row count, since batch sizes repeat; the cache lives with
 * the repository, not in the module.
 */
function multiRowUpdate() {
  const columnCount = updateColumns.length + 1;
  const head =
    'update webhook_deliveries set ' +
    updateColumns.map((c, i) => (integerColumns.has(c) ? `"${c}" = cast(v.column${i + 2} as integer)` : `"${c}" = v.column${i + 2}`)).join(', ') +
    ' from (values ';
  const tail = ') as v where webhook_deliveries.id = v.column1';
  const rowsPerStatement = Math.floor(maxParameters / columnCount);
  const tuple = `(${new Array<string>(columnCount).fill('?').join(', ')})`;
  const lists = new Map<number, string>();
  function valuesFor(count: number): string {
    let values = lists.get(count);
    if (values === undefined) {
      values = new Array<string>(count).fill(tuple).join(', ');
      if (lists.size < 64) lists.set(count, values);
    }
    return values;
  }
  return async function run(trx: Db, rows: DeliveryRow[]): Promise<void> {
    for (let i = 0; i < rows.length; i += rowsPerStatement) {
      const chunk = rows.slice(i, i + rowsPerStatement);
      const bindings = new Array<Knex.Value>(chunk.length * columnCount);
      let k = 0;
      for (const row of chunk) {
        bindings[k++] = row.id;
        for (const column of updateColumns) bindings[k++] = row[column];
      }
      await trx.raw(`${head}${valuesFor(chunk.length)}${tail}`, bindings);
    }
  };
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

function attemptFromDb(row: Record<string, unknown>): AttemptRow {
  return {
    delivery_id: String(row.delivery_id),
    attempt: Number(row.attempt),
    webhook_id: String(row.webhook_id),
    workspace_id: String(row.workspace_id),
    event: String(row.event),
    state: String(row.state) as AttemptRow['state'],
    response_code: nullableNumber(row.response_code),
    response_time_ms: Number(row.response_time_ms ?? 0),
    delivered_at: String(row.delivered_at),
    next_retry: (row.next_retry as string | null) ?? null,
    error: (row.error as string | null) ?? null,
  };
}

/** The latest attempt of a delivery row, as an attempt record (null before its first attempt). */
export function latestAttemptOf(row: DeliveryRow): AttemptRow | null {
  if (row.attempt === 0 || row.delivered_at === null) return null;
  return {
    delivery_id: row.id,
    attempt: row.attempt,
    webhook_id: row.webhook_id,
    workspace_id: row.workspace_id,
    event: row.event,
    state: row.state === 'succeeded' ? 'succeeded' : 'failed',
    response_code: row.response_code,
    response_time_ms: row.response_time_ms ?? 0,
    delivered_at: row.delivered_at,
    next_retry: row.next_retry,
    error: row.error,
  };
}

/** Newest first: by attempt time, then the later attempt of one delivery first. */
function newestFirst(a: AttemptRow, b: AttemptRow): number {
  if (a.delivered_at !== b.delivered_at) return a.delivered_at < b.delivered_at ? 1 : -1;
  if (a.delivery_id !== b.delivery_id) return a.delivery_id < b.delivery_id ? 1 : -1;
  return b.attempt - a.attempt;
}

/**
 * The stamp of a released delivery: older than any recovery's cutoff, so the next recovery pass of
 * any process (a restart's first one included) takes it at once.
 */
export const releasedStamp = '1970-01-01T00:00:00.000Z';

/**
 * Gives up deliveries a stopping process fanned out but did not attempt: still `scheduled`, they
 * get `releasedStamp` (see `WebhookDeliveriesRepository.releaseScheduled`).
 */
async function releaseScheduled(db: Db, ids: readonly string[]): Promise<number> {
  let released = 0;
  for (let i = 0; i < ids.length; i += 500) {
    released += Number(await db('webhook_deliveries').whereIn('id', ids.slice(i, i + 500)).andWhere({ state: 'scheduled' }).update({ updated_at: releasedStamp }));
  }
  return released;
}

/** Webhook deliveries, their attempt history, and the dispatcher's cursor over the events log. */
export function webhookDeliveriesRepository(db: Db): WebhookDeliveriesRepository {
  const updateDeliveries = multiRowUpdate();
  return {
    /** Inserts new deliveries; one that exists for the same (event, webhook) is left alone. */
    async insertMany(rows: DeliveryRow[], trx: Db = db): Promise<void> {
      await insertMany(trx, 'webhook_deliveries', deliveryColumns, rows.map((row) => deliveryColumns.map((column) => row[column])), { keys: ['event_id', 'webhook_id'] });
    },
    /**
     * Writes attempt results of existing rows, many per statement; pass a transaction to commit
     * them with their timers.
     */
    async updateMany(rows: DeliveryRow[], trx: Db = db): Promise<void> {
      await updateDeliveries(trx, rows);
    },
    /** Keeps attempts a delivery row no longer shows; one already kept is left alone. */
    async insertAttempts(rows: AttemptRow[], trx: Db = db): Promise<void> {
      await insertMany(trx, 'webhook_attempts', attemptColumns, rows.map((row) => attemptColumns.map((column) => row[column])), { keys: ['delivery_id', 'attempt'] });
    },
    async get(id: string): Promise<DeliveryRow | undefined> {
      const row = await db('webhook_deliveries').where({ id }).first();
      return row ? fromDb(row) : undefined;
    },
    /** A delivery of this webhook (deleted webhooks included), or undefined. */
    async getForWebhook(webhookId: string, id: string): Promise<DeliveryRow | undefined> {
      const row = await db('webhook_deliveries').where({ id, webhook_id: webhookId }).first();
      return row ? fromDb(row) : undefined;
    },
    /**
     * Every attempt made for the webhook, newest first: the latest attempt of each delivery (on its
     * row) and the earlier ones (the history table). A delivery without an attempt is not listed.
     */
    async listAttempts(webhookId: string, limit: number): Promise<AttemptRow[]> {
      const [latest, earlier] = await Promise.all([
        db('webhook_deliveries')
          .where({ webhook_id: webhookId })
          .andWhere('attempt', '>', 0)
          .whereNotNull('delivered_at')
          .orderBy([{ column: 'delivered_at', order: 'desc' }, { column: 'id', order: 'desc' }])
          .limit(limit),
        db('webhook_attempts')
          .where({ webhook_id: webhookId })
          .orderBy([{ column: 'delivered_at', order: 'desc' }, { column: 'delivery_id', order: 'desc' }, { column: 'attempt', order: 'desc' }])
          .limit(limit),
      ]);
      const seen = new Set<string>();
      const out: AttemptRow[] = [];
      // A history row and its delivery row show the same attempt only when a crash fell between
      // their two writes: keep one.
      for (const row of [...latest.map((r) => latestAttemptOf(fromDb(r))!), ...earlier.map(attemptFromDb)]) {
        const key = `${row.delivery_id}#${row.attempt}`;
        if (seen.has(key)) continue;
        seen.add(key);
        out.push(row);
      }
      return out.sort(newestFirst).slice(0, limit);
    },
    /** Deliveries whose first attempt never finished, oldest id first, last touched at or before `cutoff`. */
    async listScheduled(limit: number, afterId: string, cutoff: string): Promise<DeliveryRow[]> {
      const rows = await db('webhook_deliveries')
        .where({ state: 'scheduled' })
        .andWhere('id', '>', afterId)
        .andWhere('updated_at', '<=', cutoff)
        .orderBy('id')
        .limit(limit);
      return rows.map(fromDb);
    },
    /**
     * Takes over stranded deliveries: a compare-and-set on `updated_at`, so of two nodes recovering
     * at once only one gets each row, and a row another node just finished is not taken.
     * Returns the ids taken.
     */
    releaseScheduled: (ids) => releaseScheduled(db, ids),
    async claimScheduled(rows: Array<Pick<DeliveryRow, 'id' | 'updated_at'>>, now: string): Promise<string[]> {
      if (rows.length === 0) return [];
      if (isPostgres(db)) {
        // One statement; rows another process is claiming right now are skipped, not waited for.
        const result = await db.raw(
          `UPDATE webhook_deliveries d SET updated_at = ? FROM (
             SELECT w.id FROM webhook_deliveries w JOIN (VALUES ${rows.map(() => '(?, ?)').join(', ')}) AS c(id, updated_at) ON c.id = w.id AND c.updated_at = w.updated_at
             WHERE w.state = 'scheduled' FOR UPDATE OF w SKIP LOCKED) picked
           WHERE d.id = picked.id RETURNING d.id`,
          [now, ...rows.flatMap((row) => [row.id, row.updated_at])],
        );
        return (result.rows as Array<{ id: string }>).map((row) => row.id);
      }
      const claimed: string[] = [];
      await db.transaction(async (trx) => {
        for (const row of rows) {
          const updated = await trx('webhook_deliveries').where({ id: row.id, state: 'scheduled', updated_at: row.updated_at }).update({ updated_at: now });
          if (Number(updated) === 1) claimed.push(row.id);
        }
      });
      return claimed;
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
    /** Deliveries not yet finished (scheduled or waiting on a retry), across every workspace. */
    async countOpen(): Promise<number> {
      const row = await db('webhook_deliveries').whereIn('state', ['scheduled', 'waiting']).count({ n: '*' }).first();
      return Number(row?.n ?? 0);
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

export interface WebhookDeliveriesRepository {
  /** Inserts new deliveries; one that exists for the same (event, webhook) is left alone. */
  insertMany(rows: DeliveryRow[], trx?: Db): Promise<void>;
  /**
   * Writes attempt results of existing rows, many per statement; pass a transaction to commit
   * them with their timers.
   */
  updateMany(rows: DeliveryRow[], trx?: Db): Promise<void>;
  /** Keeps attempts a delivery row no longer shows; one already kept is left alone. */
  insertAttempts(rows: AttemptRow[], trx?: Db): Promise<void>;
  get(id: string): Promise<DeliveryRow | undefined>;
  /** A delivery of this webhook (deleted webhooks included), or undefined. */
  getForWebhook(webhookId: string, id: string): Promise<DeliveryRow | undefined>;
  /**
   * Every attempt made for the webhook, newest first: the latest attempt of each delivery (on its
   * row) and the earlier ones (the history table). A delivery without an attempt is not listed.
   */
  listAttempts(webhookId: string, limit: number): Promise<AttemptRow[]>;
  /** Deliveries whose first attempt never finished, oldest id first, last touched at or before `cutoff`. */
  listScheduled(limit: number, afterId: string, cutoff: string): Promise<DeliveryRow[]>;
  /**
   * Takes over stranded deliveries: a compare-and-set on `updated_at`, so of two nodes recovering
   * at once only one gets each row, and a row another node just finished is not taken.
   * Returns the ids taken.
   */
  claimScheduled(rows: Array<Pick<DeliveryRow, 'id' | 'updated_at'>>, now: string): Promise<string[]>;
  /**
   * A stopping process releases the deliveries it holds that are still `scheduled` (fanned out,
   * first attempt never stored): their `updated_at` becomes `releasedStamp`, so recovery anywhere
   * takes them on its next pass instead of after the grace that protects an attempt in flight on a
   * live process. A row whose attempt was stored meanwhile is left alone. Returns how many.
   */
  releaseScheduled(ids: readonly string[]): Promise<number>;
  /** Waiting deliveries that have no timer row (lost between a fired timer and the next attempt's result). */
  listWaitingWithoutTimer(timerKind: string, limit: number): Promise<DeliveryRow[]>;
  /** Per webhook: deliveries with at least one attempt, the latest attempt time, how many succeeded. */
  stats(webhookIds: string[]): Promise<Map<string, WebhookStats>>;
  /** Deliveries not yet finished (scheduled or waiting on a retry), across every workspace. */
  countOpen(): Promise<number>;
  /** Creates the cursor row at position 0 unless it exists. */
  ensureCursor(name: string, at: string): Promise<void>;
  /**
   * Compare-and-set: moves the cursor from `from` to `to`; false when another writer moved it
   * first (then the caller's transaction must not commit its fan-out).
   */
  moveCursor(name: string, from: number, to: number, at: string, trx: Db): Promise<boolean>;
  readCursor(name: string): Promise<number>;
}
