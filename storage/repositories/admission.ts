import { isPostgres, type Db } from '../db.js';

/** A workspace's place in line as one admitting transaction sees it. */
export interface LineCount {
  /** The workspace's concurrency limit (its plan's `concurrent_outcomes`). */
  limit: number;
  /** Outcomes running or waiting for a slot (processing, not held back by a workflow). */
  inLine: number;
  /** The workspace's approval-policy version (migration 170), read with the limit under the same lock. */
  policyVersion: number;
}

/**
 * Counts a workspace's line inside a command's commit transaction `trx`, for admission. On
 * Postgres the workspace's row is locked first (`FOR UPDATE`; the same row the credits are taken
 * from, so the lock order is unchanged): two processes admitting into one workspace count one
 * after the other, each seeing the other's committed outcomes. SQLite runs one write transaction
 * at a time on its one connection, which serialises admissions the same way.
 */
export async function countLine(trx: Db, workspaceId: string): Promise<LineCount | undefined> {
  const query = trx('workspaces').where({ id: workspaceId }).first('concurrent_outcomes', 'approval_policy_version');
  const workspace = isPostgres(trx) ? await query.forUpdate() : await query;
  if (!workspace) return undefined;
  // A workflow's entry waiting for its dependencies is processing but not in line (DESIGN section 5).
  const [row] = await trx('outcomes')
    .where({ workspace_id: workspaceId, status: 'processing' })
    .andWhere('progress', 'not like', '%"current_stage":"waiting_for_dependencies"%')
    .count({ n: '*' });
  return { limit: Number(workspace.concurrent_outcomes), inLine: Number(row?.n ?? 0), policyVersion: Number(workspace.approval_policy_version) };
}
