import type { Db } from '../db.js';
import { parseJson } from '../sql/parseJson.js';

export interface TimerRow {
  kind: string;
  key: string;
  due_at: string;
  payload: unknown;
  claimed_by: string | null;
  claimed_until: string | null;
  created_at: string;
}

function fromDb(row: Record<string, unknown>): TimerRow {
  return {
    kind: String(row.kind),
    key: String(row.key),
    due_at: String(row.due_at),
    payload: parseJson(row.payload, null),
    claimed_by: (row.claimed_by as string | null) ?? null,
    claimed_until: (row.claimed_until as string | null) ?? null,
    created_at: String(row.created_at),
  };
}

/** Durable timers: one row per (kind, key); a node claims a due row with a conditional update. */
export function timersRepository(db: Db): TimersRepository {
  /** Told the due time of every row this process writes (the scheduler reads the table by it). */
  const dueListeners = new Set<(dueAt: string) => void>();
  const wrote = (dueAt: string) => {
    for (const listener of dueListeners) listener(dueAt);
  };
  return {
    /**
     * Calls `listener` with the due time of every timer this repository creates, moves or releases
     * (before its transaction commits: a rolled-back write only costs the poller one read).
     */
    onDueWritten(listener: (dueAt: string) => void): () => void {
      dueListeners.add(listener);
      return () => dueListeners.delete(listener);
    },
    /** Creates the timer or moves it (same kind and key) to a new time and payload, unclaimed. */
    async upsert(row: Omit<TimerRow, 'claimed_by' | 'claimed_until'>, trx: Db = db): Promise<void> {
      wrote(row.due_at);
      await trx('timers')
        .insert({ ...row, payload: JSON.stringify(row.payload ?? null), claimed_by: null, claimed_until: null })
        .onConflict(['kind', 'key'])
        .merge(['due_at', 'payload', 'claimed_by', 'claimed_until']);
    },
    async remove(kind: string, key: string, trx: Db = db): Promise<number> {
      return trx('timers').where({ kind, key }).delete();
    },
    /** Removes a fired timer, unless it was rescheduled meanwhile (its due_at changed). */
    async removeFired(kind: string, key: string, dueAt: string): Promise<void> {
      await db('timers').where({ kind, key, due_at: dueAt }).delete();
    },
    async get(kind: string, key: string): Promise<TimerRow | undefined> {
      const row = await db('timers').where({ kind, key }).first();
      return row ? fromDb(row) : undefined;
    },
    /** Due rows not claimed by a live node, oldest first. */
    async listDue(now: string, limit: number): Promise<TimerRow[]> {
      const rows = await db('timers')
        .where('due_at', '<=', now)
        .andWhere((q) => q.whereNull('claimed_until').orWhere('claimed_until', '<', now))
        .orderBy('due_at')
        .limit(limit);
      return rows.map(fromDb);
    },
    /** True when this node won the row: the update matches only while nobody holds a live claim. */
    async claim(kind: string, key: string, dueAt: string, node: string, now: string, until: string): Promise<boolean> {
      const updated = await db('timers')
        .where({ kind, key, due_at: dueAt })
        .andWhere((q) => q.whereNull('claimed_until').orWhere('claimed_until', '<', now))
        .update({ claimed_by: node, claimed_until: until });
      return Number(updated) === 1;
    },
    /**
     * Postgres: finds and claims up to `limit` due rows of `kinds` in ONE statement. Rows another
     * process is claiming at this moment are skipped (`FOR UPDATE SKIP LOCKED`), not waited for,
     * so N processes polling together split the due rows instead of queueing on the same ones.
     */
    async claimDue(kinds: string[], now: string, node: string, until: string, limit: number): Promise<TimerRow[]> {
      if (kinds.length === 0) return [];
      const result = await db.raw(
        `UPDATE timers SET claimed_by = ?, claimed_until = ?
         WHERE (kind, key) IN (
           SELECT kind, key FROM timers
           WHERE due_at <= ? AND (claimed_until IS NULL OR claimed_until < ?) AND kind IN (${kinds.map(() => '?').join(', ')})
           ORDER BY due_at LIMIT ? FOR UPDATE SKIP LOCKED)
         RETURNING *`,
        [node, until, now, now, ...kinds, limit],
      );
      return (result.rows as Array<Record<string, unknown>>).map(fromDb).sort((a, b) => (a.due_at < b.due_at ? -1 : a.due_at > b.due_at ? 1 : 0));
    },
    /** Gives a claimed row back (its handler failed): due again at `dueAt`. */
    async release(kind: string, key: string, node: string, dueAt: string): Promise<void> {
      wrote(dueAt);
      await db('timers').where({ kind, key, claimed_by: node }).update({ claimed_by: null, claimed_until: null, due_at: dueAt });
    },
    async count(): Promise<number> {
      const [row] = await db('timers').count({ n: '*' });
      return Number(row?.n ?? 0);
    },
  };
}

export interface TimersRepository {
  /**
   * Calls `listener` with the due time of every timer this repository creates, moves or releases
   * (before its transaction commits: a rolled-back write only costs the poller one read).
   */
  onDueWritten(listener: (dueAt: string) => void): () => void;
  /** Creates the timer or moves it (same kind and key) to a new time and payload, unclaimed. */
  upsert(row: Omit<TimerRow, 'claimed_by' | 'claimed_until'>, trx?: Db): Promise<void>;
  remove(kind: string, key: string, trx?: Db): Promise<number>;
  /** Removes a fired timer, unless it was rescheduled meanwhile (its due_at changed). */
  removeFired(kind: string, key: string, dueAt: string): Promise<void>;
  get(kind: string, key: string): Promise<TimerRow | undefined>;
  /** Due rows not claimed by a live node, oldest first. */
  listDue(now: string, limit: number): Promise<TimerRow[]>;
  /** True when this node won the row: the update matches only while nobody holds a live claim. */
  claim(kind: string, key: string, dueAt: string, node: string, now: string, until: string): Promise<boolean>;
  /**
   * Postgres: finds and claims up to `limit` due rows of `kinds` in ONE statement. Rows another
   * process is claiming at this moment are skipped (`FOR UPDATE SKIP LOCKED`), not waited for,
   * so N processes polling together split the due rows instead of queueing on the same ones.
   */
  claimDue(kinds: string[], now: string, node: string, until: string, limit: number): Promise<TimerRow[]>;
  /** Gives a claimed row back (its handler failed): due again at `dueAt`. */
  release(kind: string, key: string, node: string, dueAt: string): Promise<void>;
  count(): Promise<number>;
}
