import type { Knex } from 'knex';
import type { Db } from '../db.js';
import type { TransactionNotice } from '../sql/notice.js';

/** One stored event: the spec's envelope `{event, timestamp, data}` plus where it belongs. */
export interface EventRow {
  position: number;
  id: string;
  workspace_id: string;
  outcome_id: string | null;
  sequence: number;
  kind: string;
  timestamp: string;
  data: Record<string, unknown>;
}

export type NewEvent = Omit<EventRow, 'position'>;

/** What a reader needs to tell whether an event concerns it, without its data. */
export type EventHead = Pick<EventRow, 'position' | 'workspace_id' | 'outcome_id' | 'kind'>;

/** A NOTIFY the statement appending events sends (Postgres): delivered on commit, with no statement or commit of its own. */
export type EventNotice = TransactionNotice;

const eventColumns = ['id', 'workspace_id', 'outcome_id', 'sequence', 'kind', 'timestamp', 'data'] as const;
const quoted = eventColumns.map((column) => `"${column}"`).join(', ');
const tuple = `(${eventColumns.map(() => '?').join(', ')})`;
/** The largest `sequence` (a 32-bit integer column on Postgres). */
const maxSequence = 2_147_483_647;
/**
 * Rows per statement. Postgres: 7 bound values each, under its 65,535. SQLite: a tick's events are
 * one statement (each statement costs the main thread round trips) with ONE bound value, the rows
 * as a JSON array that SQLite unpacks (`json_each`) on its own thread: the driver converts each
 * bound value on the main thread, and 7 per event were a tenth of its work per outcome (issue 30).
 */
const chunkRows = { sqlite: 4_000, pg: 400 };
/**
 * SQLite's rows from the JSON array: each element `[id, workspace_id, outcome_id, sequence, kind,
 * timestamp, data]`, `data` the event's data as JSON text (a JSON string in the array, so `->>`
 * gives back exactly that text, escapes and all).
 */
const jsonRows = `with v as (select ${eventColumns.map((column, index) => `value ->> ${index} as "${column}"`).join(', ')} from json_each(?))`;
// VALUES columns arrive untyped on Postgres (text): `sequence` is cast where it is compared and stored.
// The stored-already check. SQLite probes the (outcome_id, sequence) index once per row for the
// correlated `not exists`. Postgres, on a table not analyzed yet, hashed the whole events table
// for it on every insert (most of the rows read per outcome in `npm run bench -- scale`, issue 30),
// so there it is a lateral lookup with a LIMIT, which the planner never flattens nor hashes.
const selectNew = {
  sqlite: `where v."outcome_id" is null or not exists (select 1 from "events" e where e."outcome_id" = v."outcome_id" and e."sequence" = cast(v."sequence" as integer))`,
  pg: `left join lateral (select 1 as hit from "events" e where e."outcome_id" = v."outcome_id" and e."sequence" = cast(v."sequence" as integer) limit 1) stored on true
  where stored.hit is null`,
};
const insertHead = (dialect: keyof typeof selectNew) => `insert into "events" (${quoted})
  select v."id", v."workspace_id", v."outcome_id", cast(v."sequence" as integer), v."kind", v."timestamp", v."data" from v
  ${selectNew[dialect]}
  on conflict ("outcome_id", "sequence") do nothing`;
/**
 * Reads after a position look from the first stored position past it up to this many positions
 * further. Bounded on both sides, the range is planned as an index range scan whatever the table's
 * statistics say; `position > ?` alone was planned as a sequential scan and a sort of the whole
 * table while the table was young (issue 30). The first position comes from a min() in the same
 * statement (one index probe), so a hole wider than the window is read past, in one round trip.
 */
const positionWindow = 1_000_000;

function fromDb(row: Record<string, unknown>): EventRow {
  return {
    position: Number(row.position),
    id: String(row.id),
    workspace_id: String(row.workspace_id),
    outcome_id: (row.outcome_id as string | null) ?? null,
    sequence: Number(row.sequence),
    kind: String(row.kind),
    timestamp: String(row.timestamp),
    data: JSON.parse(String(row.data)) as Record<string, unknown>,
  };
}

/** The append-only events log (DESIGN section 4). Webhooks, streams and replays read it. */
export function eventsRepository(db: Db): EventsRepository {
  const pg = db.client.config.client === 'pg';
  const insert = insertHead(pg ? 'pg' : 'sqlite');
  /**
   * Appends in multi-row inserts; pass a transaction to commit with the state change. An event
   * whose (outcome, sequence) is stored already is kept as it was: a tick written again after a
   * crash or retry never duplicates an event. Such an event takes no position either: the rows
   * are filtered with `not exists` before the insert draws from the position sequence (SQLite's
   * AUTOINCREMENT and Postgres' bigserial both spend a number on a row dropped by `on conflict`),
   * so a replayed tick leaves no hole for tailing readers to wait on. The `on conflict` clause
   * stays for two writers racing on one outcome, which cannot happen within one process.
   */
  async function appendMany(events: readonly NewEvent[], trx: Db = db, notices: readonly EventNotice[] = []): Promise<void> {
    if (!pg) {
      for (let i = 0; i < events.length; i += chunkRows.sqlite) {
        const rows = events.slice(i, i + chunkRows.sqlite).map((e) => [e.id, e.workspace_id, e.outcome_id, e.sequence, e.kind, e.timestamp, JSON.stringify(e.data)]);
        await trx.raw(`${jsonRows} ${insert}`, [JSON.stringify(rows)]);
      }
      return;
    }
    const rowsPer = chunkRows.pg;
    for (let i = 0; i < events.length; i += rowsPer) {
      const chunk = events.slice(i, i + rowsPer);
      const bindings: Knex.Value[] = [];
      for (const e of chunk) bindings.push(e.id, e.workspace_id, e.outcome_id, e.sequence, e.kind, e.timestamp, JSON.stringify(e.data));
      const values = `with v (${quoted}) as (values ${new Array(chunk.length).fill(tuple).join(', ')})`;
      if (i + rowsPer < events.length || notices.length === 0) {
        await trx.raw(`${values} ${insert}`, bindings);
        continue;
      }
      // The last chunk carries the notices: the insert as a data-modifying CTE (always run in full),
      // the NOTIFYs in the statement's select, queued by Postgres until the transaction commits.
      for (const notice of notices) bindings.push(notice.channel, notice.message);
      await trx.raw(`${values}, w as (${insert}) select ${notices.map(() => 'pg_notify(?, ?)').join(', ')}`, bindings);
    }
  }
  /** Events after `position` (of one workspace when given), oldest first, within the window past the first of them. */
  function windowAfter(position: number, limit: number, workspaceId?: string, columns: readonly string[] = ['*']) {
    const mine = (query: Knex.QueryBuilder) => (workspaceId === undefined ? query : query.where({ workspace_id: workspaceId }));
    const first = mine(db('events').min('position').where('position', '>', position));
    return mine(db('events').select(...columns).where('position', '>', position))
      .andWhere('position', '<=', db.raw(`(?) + ${positionWindow}`, [first]))
      .orderBy('position')
      .limit(limit);
  }
  return {
    appendMany,
    /** The same as `appendMany` (older callers). */
    append: appendMany,
    /** Highest per-outcome sequence so far (0 when none). */
    async lastSequence(outcomeId: string, trx: Db = db): Promise<number> {
      const row = await trx('events').where({ outcome_id: outcomeId }).max({ n: 'sequence' }).first();
      return Number(row?.n ?? 0);
    },
    /** An `afterSequence` past the column's range (32-bit) reads nothing rather than failing the query. */
    async listForOutcome(outcomeId: string, afterSequence = 0): Promise<EventRow[]> {
      if (afterSequence >= maxSequence) return [];
      const rows = await db('events').where({ outcome_id: outcomeId }).andWhere('sequence', '>', afterSequence).orderBy('sequence');
      return rows.map(fromDb);
    },
    /** Events after a global position, oldest first, for tailing readers; a position past any stored one reads nothing. */
    async listAfterPosition(position: number, limit: number): Promise<EventRow[]> {
      if (position >= Number.MAX_SAFE_INTEGER) return [];
      return (await windowAfter(position, limit)).map(fromDb);
    },
    /**
     * `listAfterPosition` without the data: the webhook fan-out learns which events any webhook
     * wants before it reads (and decodes) those alone; most events of most workspaces go nowhere.
     */
    async listHeadsAfterPosition(position: number, limit: number): Promise<EventHead[]> {
      if (position >= Number.MAX_SAFE_INTEGER) return [];
      const rows = await windowAfter(position, limit, undefined, ['position', 'workspace_id', 'outcome_id', 'kind']);
      return rows.map((row: EventHead) => ({ position: Number(row.position), workspace_id: row.workspace_id, outcome_id: row.outcome_id, kind: row.kind }));
    },
    /** The events stored at these positions, oldest first (positions with no event are left out). */
    async listAtPositions(positions: readonly number[]): Promise<EventRow[]> {
      const out: EventRow[] = [];
      // Under both engines' limits on bound values per statement.
      for (let i = 0; i < positions.length; i += 1_000) out.push(...(await db('events').whereIn('position', positions.slice(i, i + 1_000)).orderBy('position')).map(fromDb));
      return out;
    },
    /** The events stored at positions `from` to `to` (both included), oldest first: a hole's late writes. */
    async listBetweenPositions(from: number, to: number): Promise<EventRow[]> {
      return (await db('events').whereBetween('position', [from, to]).orderBy('position')).map(fromDb);
    },
    /**
     * Whether a hole in positions can still fill: true only while a transaction that began before
     * `mark` is open. A writer holding the missing position began before the position after it was
     * drawn, so with no transaction that old still open the hole's writer rolled back or has
     * committed: a read after this answer sees all the hole will ever hold. Call without `mark`
     * when the hole is first seen: the answer carries the mark (the database's clock) to pass on later checks.
     * SQLite answers false at once: its one writer draws positions in commit order (writes are
     * serial) and a reader sees whole commits only, so a hole it sees is a rolled-back write; the
     * data-directory lock keeps other processes out. Postgres asks
     * pg_stat_activity (the sessions of crewd's own role are visible to it).
     */
    async holeMayFill(mark?: string): Promise<{ mark: string; open: boolean }> {
      if (db.client.config.client !== 'pg') return { mark: mark ?? '', open: false };
      const result = await db.raw(
        `select cast(coalesce(cast(? as timestamptz), now()) as text) as mark,
                exists (select 1 from pg_stat_activity
                         where datname = current_database() and pid <> pg_backend_pid()
                           and xact_start is not null and xact_start <= coalesce(cast(? as timestamptz), now())) as open`,
        [mark ?? null, mark ?? null],
      );
      const row = result.rows[0] as { mark: string; open: boolean };
      return { mark: String(row.mark), open: Boolean(row.open) };
    },
    /** One workspace's events after a position, oldest first (the workspace's own feed; index on workspace, position). */
    async listAfterPositionOf(workspaceId: string, position: number, limit: number): Promise<EventRow[]> {
      if (position >= Number.MAX_SAFE_INTEGER) return [];
      return (await windowAfter(position, limit, workspaceId)).map(fromDb);
    },
    /** The position of a workspace's latest event (0 when none): reveals nothing of other workspaces. */
    async maxPositionOf(workspaceId: string): Promise<number> {
      const row = await db('events').where({ workspace_id: workspaceId }).max({ n: 'position' }).first();
      return Number(row?.n ?? 0);
    },
    async maxPosition(): Promise<number> {
      const row = await db('events').max({ n: 'position' }).first();
      return Number(row?.n ?? 0);
    },
  };
}

export interface EventsRepository {
  /** With `notices` (Postgres only; ignored on SQLite), the statement of the last rows also sends them, on commit. */
  appendMany: (events: readonly NewEvent[], trx?: Db, notices?: readonly EventNotice[]) => Promise<void>;
  /** The same as `appendMany` (older callers). */
  append: (events: readonly NewEvent[], trx?: Db) => Promise<void>;
  /** Highest per-outcome sequence so far (0 when none). */
  lastSequence(outcomeId: string, trx?: Db): Promise<number>;
  /** An `afterSequence` past the column's range (32-bit) reads nothing rather than failing the query. */
  listForOutcome(outcomeId: string, afterSequence?: number): Promise<EventRow[]>;
  /** Events after a global position, oldest first, for tailing readers; a position past any stored one reads nothing. */
  listAfterPosition(position: number, limit: number): Promise<EventRow[]>;
  /** `listAfterPosition` without the data: which events there are, to read the wanted ones alone. */
  listHeadsAfterPosition(position: number, limit: number): Promise<EventHead[]>;
  /** The events stored at these positions, oldest first (positions with no event are left out). */
  listAtPositions(positions: readonly number[]): Promise<EventRow[]>;
  /** The events stored at positions `from` to `to` (both included), oldest first: a hole's late writes. */
  listBetweenPositions(from: number, to: number): Promise<EventRow[]>;
  /**
   * Whether a hole in positions can still fill: true only while a transaction that began before
   * `mark` is open. A writer holding the missing position began before the position after it was
   * drawn, so with no transaction that old still open the hole's writer rolled back or has
   * committed: a read after this answer sees all the hole will ever hold. Call without `mark`
   * when the hole is first seen: the answer carries the mark (the database's clock) to pass on later checks.
   * SQLite answers false at once: its one connection runs this query only while no transaction
   * of this process is open, and the data-directory lock keeps other processes out. Postgres asks
   * pg_stat_activity (the sessions of crewd's own role are visible to it).
   */
  holeMayFill(mark?: string): Promise<{ mark: string; open: boolean }>;
  /** One workspace's events after a position, oldest first (the workspace's own feed; index on workspace, position). */
  listAfterPositionOf(workspaceId: string, position: number, limit: number): Promise<EventRow[]>;
  /** The position of a workspace's latest event (0 when none): reveals nothing of other workspaces. */
  maxPositionOf(workspaceId: string): Promise<number>;
  maxPosition(): Promise<number>;
}
