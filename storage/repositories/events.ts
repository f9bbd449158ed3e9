import type { Db } from '../db.js';

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
  return {
    /** Appends in one multi-row insert; pass a transaction to commit with the state change. */
    async append(events: NewEvent[], trx: Db = db): Promise<void> {
      if (events.length === 0) return;
      await trx('events').insert(events.map((event) => ({ ...event, data: JSON.stringify(event.data) })));
    },
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
