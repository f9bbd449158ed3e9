/**
 * Workspaces of the knowledge base found to hold no entry at all, so that every outcome's
 * retrieval in a workspace without chat or documents (most of them) costs no query on the one
 * SQLite connection. Exact on SQLite, where this process owns the database (the data-dir lock); on
 * Postgres other nodes write too, so the search there never asks this.
 */
export interface KnownEmptyWorkspaces {
  /** Whether the workspace was found empty since its last write began. */
  has(workspaceId: string): boolean;
  /**
   * Runs `write`, a write of entries of `workspaceIds`: their emptiness is cleared before it and
   * again once it committed or failed, and none is recorded while it is in flight.
   */
  writing<T>(workspaceIds: Iterable<string>, write: () => Promise<T>): Promise<T>;
  /** The writes begun and ended so far: read it before the search that may find a workspace empty. */
  epoch(): number;
  /** Records the workspace as empty, unless a write is in flight or one began or ended since `since` (an `epoch()`). */
  record(workspaceId: string, since: number): void;
}

/**
 * Invariant: an emptiness recorded before a write's commit never outlives it. Every write goes
 * through `writing`, which clears its workspaces when it begins and when it ends; a search records
 * an emptiness only when no write is in flight and the epoch (writes begun plus writes ended) did
 * not move since before it read, so a search that overlapped a write records nothing.
 */
export function createKnownEmptyWorkspaces(): KnownEmptyWorkspaces {
  const knownEmpty = new Set<string>();
  let writes = 0;
  let inFlight = 0;
  return {
    has: (workspaceId) => knownEmpty.has(workspaceId),
    async writing<T>(workspaceIds: Iterable<string>, write: () => Promise<T>): Promise<T> {
      const ids = [...new Set(workspaceIds)];
      writes += 1;
      inFlight += 1;
      for (const id of ids) knownEmpty.delete(id);
      try {
        return await write();
      } finally {
        inFlight -= 1;
        writes += 1;
        for (const id of ids) knownEmpty.delete(id);
      }
    },
    epoch: () => writes,
    record(workspaceId, since) {
      if (inFlight === 0 && writes === since) knownEmpty.add(workspaceId);
    },
  };
}
