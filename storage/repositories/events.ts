import type { Db } from '../db.js';
import { insertMany } from '../sql/insertMany.js';

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

const eventColumns = ['id', 'workspace_id', 'outcome_id', 'sequence', 'kind', 'timestamp', 'data'] as const;

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
export function eventsRepository(db: Db) {
  /**
   * Appends in multi-row inserts; pass a transaction to commit with the state change. An event
   * whose (outcome, sequence) is stored already is kept as it was: a tick written again after a
   * crash or retry never duplicates an event.
   */
  async function appendMany(events: readonly NewEvent[], trx: Db = db): Promise<void> {
    await insertMany(
      trx,
      'events',
      eventColumns,
      events.map((e) => [e.id, e.workspace_id, e.outcome_id, e.sequence, e.kind, e.timestamp, JSON.stringify(e.data)]),
      { keys: ['outcome_id', 'sequence'] },
    );
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
    async listForOutcome(outcomeId: string, afterSequence = 0): Promise<EventRow[]> {
      const rows = await db('events').where({ outcome_id: outcomeId }).andWhere('sequence', '>', afterSequence).orderBy('sequence');
      return rows.map(fromDb);
    },
    /** Events after a global position, oldest first, for tailing readers. */
    async listAfterPosition(position: number, limit: number): Promise<EventRow[]> {
      const rows = await db('events').where('position', '>', position).orderBy('position').limit(limit);
      return rows.map(fromDb);
    },
    async maxPosition(): Promise<number> {
      const row = await db('events').max({ n: 'position' }).first();
      return Number(row?.n ?? 0);
    },
  };
}

export type EventsRepository = ReturnType<typeof eventsRepository>;
