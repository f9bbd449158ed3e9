import type { Db } from '../db.js';

/** A workspace's line as the database holds it after a grant, in first-come order. */
export interface CapacitySnapshot {
  /** Outcomes holding a slot, on any process. */
  running: string[];
  /** Outcomes waiting for a slot, first in line first. */
  waiting: string[];
  /** Holding a slot and to be run by the granting process. */
  mine: string[];
  /** Processes (other than the granting one) that were just given slots. */
  grantedTo: string[];
  /** The outcomes just given slots on other processes, by process (what `grantedTo` are told to start). */
  grants: Record<string, string[]>;
}

/** A change to the line, written in the transaction of the grant that follows it (`settle`). */
export type LineChange =
  | { op: 'request'; outcomeId: string; node: string | null }
  | { op: 'occupy'; outcomeId: string; node: string }
  | { op: 'remove'; outcomeId: string };

/**
 * The per-workspace concurrency limit and its first-in-first-out line on Postgres (migration 030):
 * one row per outcome, `waiting` or `running` on `node`. Grants take the workspace's advisory lock,
 * so two processes never hand out the same free slot, and claim the oldest waiting rows with
 * `FOR UPDATE SKIP LOCKED`. Postgres only (it uses advisory locks and `bigserial`).
 */
export function capacityLineRepository(db: Db): CapacityLineRepository {
  /**
   * The changes as the settle function takes them (migration 180): runs of one kind in call order,
   * an outcome named twice in a run counted once (its last change).
   */
  function runsOf(changes: readonly LineChange[]): SettleRun[] {
    const runs: SettleRun[] = [];
    for (let i = 0; i < changes.length; ) {
      const kind = changes[i]!.op;
      let end = i;
      while (end < changes.length && changes[end]!.op === kind) end += 1;
      const last = new Map(changes.slice(i, end).map((change) => [change.outcomeId, change]));
      runs.push(kind === 'remove' ? { op: kind, ids: [...last.keys()] } : { op: kind, rows: [...last.values()].map((change) => ({ o: change.outcomeId, n: (change as { node: string | null }).node })) });
      i = end;
    }
    return runs;
  }

  return {
    /**
     * Writes `changes` in order, then gives free slots (up to `limit` running) to the oldest waiting
     * outcomes, whichever process asked, and returns the line: one statement whatever the number
     * of changes, the function `crewd_capacity_settle` (migration 180), run in its own transaction
     * under the workspace's advisory lock.
     */
    async settle(workspaceId: string, changes: readonly LineChange[], limit: number, node: string, now: string): Promise<CapacitySnapshot> {
      const result = await db.raw('SELECT * FROM crewd_capacity_settle(?, ?::jsonb, ?, ?, ?)', [workspaceId, JSON.stringify(runsOf(changes)), limit, node, now]);
      const rows = result.rows as Array<{ line_outcome: string; line_state: string; line_node: string | null; just_granted: boolean }>;
      const grants: Record<string, string[]> = {};
      for (const row of rows) if (row.just_granted && row.line_node !== null && row.line_node !== node) (grants[row.line_node] ??= []).push(row.line_outcome);
      return {
        running: rows.filter((row) => row.line_state === 'running').map((row) => row.line_outcome),
        waiting: rows.filter((row) => row.line_state === 'waiting').map((row) => row.line_outcome),
        mine: rows.filter((row) => row.line_state === 'running' && row.line_node === node).map((row) => row.line_outcome),
        grantedTo: Object.keys(grants),
        grants,
      };
    },
    /**
     * Drops finished outcomes' slots and names the workspaces freed or waiting for any worker, in
     * one statement (was two every 5 s per process, issue 30 item 2).
     */
    async recover(): Promise<string[]> {
      const result = await db.raw(
        `WITH freed AS (DELETE FROM capacity_line c USING outcomes o WHERE o.id = c.outcome_id AND o.status IN ('completed', 'failed') AND c.state = 'running' RETURNING c.workspace_id)
         SELECT workspace_id FROM freed UNION SELECT workspace_id FROM capacity_line WHERE state = 'waiting' AND node IS NULL`,
      );
      return (result.rows as Array<{ workspace_id: string }>).map((row) => row.workspace_id);
    },
  };
}

/** A run of changes of one kind, as the settle function reads it (migration 180). */
type SettleRun = { op: 'remove'; ids: string[] } | { op: 'request' | 'occupy'; rows: Array<{ o: string; n: string | null }> };

export interface CapacityLineRepository {
  /**
   * Writes `changes` in order, then gives free slots (up to `limit` running) to the oldest waiting
   * outcomes, whichever process asked, and returns the line: ONE transaction under the
   * workspace's advisory lock, whatever the number of changes: one round trip (the function
   * `crewd_capacity_settle`, migration 180).
   */
  settle(workspaceId: string, changes: readonly LineChange[], limit: number, node: string, now: string): Promise<CapacitySnapshot>;
  /**
   * The sweep's recovery, in one statement: drops the slots of outcomes that already ended (a
   * release lost with a process that died between the end and the release would hold its slot
   * forever) and returns the workspaces whose slots were freed or where outcomes wait for any
   * worker (accepted by API-only processes).
   */
  recover(): Promise<string[]>;
}
