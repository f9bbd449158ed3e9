import type { ApprovalsRepository, VersionedPolicy } from '../../storage/repositories/approvals.js';
import { createTurnBatch, type BatchWaiter } from '../turnBatch.js';

export type { VersionedPolicy } from '../../storage/repositories/approvals.js';

/**
 * Workspace approval policies as deploys read them (issue 30). A deploy read its workspace's
 * policy alone at first, one statement per outcome on the one SQLite connection; then the policies
 * asked for in one turn were read together; now each workspace's policy is kept with its version
 * after its first read, and a deploy reads none. What keeps a kept policy from going stale is the
 * commit, not this cache: every policy write moves the workspace's version (migration 170), the
 * deploy's admission compares it under the workspace's row lock, and a deploy planned on an older
 * one is written nowhere and planned again after `forget` (runtime/outcomes/outcomes.ts). So a
 * policy changed on another process is never missed, without a notice between processes.
 */
export interface PolicyLoader {
  /**
   * The workspace's default policy (null when none is set) with its version: the one kept from an
   * earlier read, else read (the reads of one turn together, in one query); rejects when the read
   * fails.
   */
  load(workspaceId: string): Promise<VersionedPolicy>;
  /** Drops the kept policy of the workspace (its commit found a newer version): the next `load` reads it. */
  forget(workspaceId: string): void;
}

export function createPolicyLoader(approvals: Pick<ApprovalsRepository, 'policies'>): PolicyLoader {
  const kept = new Map<string, VersionedPolicy>();

  /** Keeps the newer of what is kept and what was read (a read that started before a write may finish after a newer one). */
  function keep(workspaceId: string, read: VersionedPolicy): VersionedPolicy {
    const current = kept.get(workspaceId);
    if (current && current.version > read.version) return current;
    kept.set(workspaceId, read);
    return read;
  }

  async function readBatch(batch: Map<string, BatchWaiter<VersionedPolicy>[]>): Promise<void> {
    let policies: Map<string, VersionedPolicy>;
    try {
      policies = await approvals.policies([...batch.keys()]);
    } catch (error) {
      for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
      return;
    }
    for (const [workspaceId, waiters] of batch) {
      const policy = keep(workspaceId, policies.get(workspaceId) ?? { policy: null, version: 0 });
      for (const waiter of waiters) waiter.resolve(policy);
    }
  }

  const read = createTurnBatch(readBatch);
  return {
    load(workspaceId: string): Promise<VersionedPolicy> {
      const policy = kept.get(workspaceId);
      return policy ? Promise.resolve(policy) : read(workspaceId);
    },
    forget(workspaceId: string): void {
      kept.delete(workspaceId);
    },
  };
}
