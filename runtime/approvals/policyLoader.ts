import type { ApprovalsRepository } from '../../storage/repositories/approvals.js';
import { createTurnBatch, type BatchWaiter } from '../turnBatch.js';

/**
 * Workspace approval policies as deploys read them (issue 30): the policies asked for in one turn
 * of the event loop are read together, in one query, issued after the last of them was asked. A
 * deploy read its workspace's policy alone before, one statement per outcome on the one SQLite
 * connection (more than half of the statements of a completed outcome). Nothing is kept between
 * batches, so a policy changed before a deploy asked is what that deploy reads, as before.
 */
export interface PolicyLoader {
  /** The workspace's default policy, or null when none is set; rejects when the read fails. */
  load(workspaceId: string): Promise<Record<string, unknown> | null>;
}


export function createPolicyLoader(approvals: Pick<ApprovalsRepository, 'policies'>): PolicyLoader {
  async function readBatch(batch: Map<string, BatchWaiter<Record<string, unknown> | null>[]>): Promise<void> {
    let policies: Map<string, Record<string, unknown> | null>;
    try {
      policies = await approvals.policies([...batch.keys()]);
    } catch (error) {
      for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
      return;
    }
    for (const [workspaceId, waiters] of batch) for (const waiter of waiters) waiter.resolve(policies.get(workspaceId) ?? null);
  }

  return { load: createTurnBatch(readBatch) };
}
