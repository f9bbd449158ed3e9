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
  /** One statement for a run of changes of one kind; an outcome named twice in a run counts once (its last change). */
  async function write(trx: Db, workspaceId: string, kind: LineChange['op'], run: readonly LineChange[], now: string): Promise<void> {
    const last = new Map(run.map((change) => [change.outcomeId, change]));
    const unique = [...last.values()];
    if (kind === 'remove') {
      await trx('capacity_line').whereIn('outcome_id', [...last.keys()]).delete();
      return;
    }
    const values = unique.map(() => '(?, ?, ?, ?, ?)').join(', ');
    const bindings = unique.flatMap((change) => [change.outcomeId, workspaceId, kind === 'request' ? 'waiting' : 'running', (change as { node: string | null }).node, now]);
    if (kind === 'request') {
      // A row holding a slot for this node is left as it is; one granted to another node but asked
      // for again here (this node restored the outcome, still queued, after that node stopped) goes
      // back in line at its old place. `node` null: any worker may take it (API-only process).
      await trx.raw(
        `INSERT INTO capacity_line (outcome_id, workspace_id, state, node, updated_at) VALUES ${values}
         ON CONFLICT (outcome_id) DO UPDATE SET node = COALESCE(EXCLUDED.node, capacity_line.node), state = 'waiting'
         WHERE capacity_line.state = 'waiting' OR (EXCLUDED.node IS NOT NULL AND capacity_line.node IS DISTINCT FROM EXCLUDED.node)`,
        bindings,
      );
      return;
    }
    // occupy: the node runs the outcome (restored mid-processing): it holds a slot.
    await trx.raw(
      `INSERT INTO capacity_line (outcome_id, workspace_id, state, node, updated_at) VALUES ${values}
       ON CONFLICT (outcome_id) DO UPDATE SET state = 'running', node = EXCLUDED.node, updated_at = EXCLUDED.updated_at`,
      bindings,
    );
  }

  /** The grant proper; the caller holds the workspace's advisory lock in `trx`. */
  async function grantLocked(trx: Db, workspaceId: string, limit: number, node: string, now: string): Promise<CapacitySnapshot> {
    const rows = (await trx('capacity_line').where({ workspace_id: workspaceId }).orderBy('seq').select('outcome_id', 'state', 'node')) as Array<{ outcome_id: string; state: string; node: string | null }>;
    const free = limit - rows.filter((row) => row.state === 'running').length;
    const grantedTo = new Set<string>();
    const grants: Record<string, string[]> = {};
    if (free > 0 && rows.some((row) => row.state === 'waiting')) {
      const result = await trx.raw(
        `UPDATE capacity_line SET state = 'running', node = COALESCE(node, ?), updated_at = ?
         WHERE outcome_id IN (SELECT outcome_id FROM capacity_line WHERE workspace_id = ? AND state = 'waiting' ORDER BY seq LIMIT ? FOR UPDATE SKIP LOCKED)
         RETURNING outcome_id, node`,
        [node, now, workspaceId, free],
      );
      const granted = new Map((result.rows as Array<{ outcome_id: string; node: string }>).map((row) => [row.outcome_id, row.node]));
      for (const row of rows) {
        const owner = granted.get(row.outcome_id);
        if (owner === undefined) continue;
        row.state = 'running';
        row.node = owner;
        if (owner !== node) {
          grantedTo.add(owner);
          (grants[owner] ??= []).push(row.outcome_id);
        }
      }
    }
    return {
      running: rows.filter((row) => row.state === 'running').map((row) => row.outcome_id),
      waiting: rows.filter((row) => row.state === 'waiting').map((row) => row.outcome_id),
      mine: rows.filter((row) => row.state === 'running' && row.node === node).map((row) => row.outcome_id),
      grantedTo: [...grantedTo],
      grants,
    };
  }

  return {
    /**
     * Writes `changes` in order, then gives free slots (up to `limit` running) to the oldest waiting
     * outcomes, whichever process asked, and returns the line: ONE transaction under the
     * workspace's advisory lock, whatever the number of changes (consecutive changes of one kind go
     * in one statement): BEGIN, lock, a statement per run of changes, read, claim, COMMIT.
     */
    async settle(workspaceId: string, changes: readonly LineChange[], limit: number, node: string, now: string): Promise<CapacitySnapshot> {
      return db.transaction(async (trx) => {
        await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`crewd.capacity:${workspaceId}`]);
        for (let i = 0; i < changes.length; ) {
          const kind = changes[i]!.op;
          let end = i;
          while (end < changes.length && changes[end]!.op === kind) end += 1;
          await write(trx, workspaceId, kind, changes.slice(i, end), now);
          i = end;
        }
        return grantLocked(trx, workspaceId, limit, node, now);
      });
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

export interface CapacityLineRepository {
  /**
   * Writes `changes` in order, then gives free slots (up to `limit` running) to the oldest waiting
   * outcomes, whichever process asked, and returns the line: ONE transaction under the
   * workspace's advisory lock, whatever the number of changes (consecutive changes of one kind go
   * in one statement): BEGIN, lock, a statement per run of changes, read, claim, COMMIT.
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
