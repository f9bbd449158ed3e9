import type { Db } from '../db.js';

export interface IdempotencyRow {
  workspace_id: string;
  key: string;
  fingerprint: string;
  /** Null while the first request is still running. */
  status: number | null;
  /** The stored answer (a secrets-cipher token, or plain JSON written before 005); null while running. */
  response: string | null;
  created_at: string;
  expires_at: string;
  /** The process running the request; null once answered. */
  owner: string | null;
  /** While running: the key is free once this passes (the owner renews it). */
  lease_until: string | null;
}

function fromDb(row: Record<string, unknown>): IdempotencyRow {
  return {
    workspace_id: String(row.workspace_id),
    key: String(row.key),
    fingerprint: String(row.fingerprint),
    status: row.status === null || row.status === undefined ? null : Number(row.status),
    response: (row.response as string | null) ?? null,
    created_at: String(row.created_at),
    expires_at: String(row.expires_at),
    owner: (row.owner as string | null) ?? null,
    lease_until: (row.lease_until as string | null) ?? null,
  };
}

/**
 * Idempotency records. `claim` (a unique primary key) and `takeOver` (a conditional update on the
 * lease the caller saw) are the race-free steps; everything else is keyed by (workspace, key, owner)
 * so a process that lost its lease cannot overwrite the new owner's answer.
 */
export function idempotencyRepository(db: Db) {
  const table = () => db('idempotency_keys');
  return {
    async get(workspaceId: string, key: string): Promise<IdempotencyRow | undefined> {
      const row = await table().where({ workspace_id: workspaceId, key }).first();
      return row ? fromDb(row) : undefined;
    },
    /** Inserts the in-progress record; false when another request holds the key. */
    async claim(row: IdempotencyRow): Promise<boolean> {
      const inserted = await table().insert(row).onConflict(['workspace_id', 'key']).ignore().returning('key');
      return Array.isArray(inserted) && inserted.length > 0;
    },
    /**
     * Takes an unanswered record whose lease ran out (its process is gone): true when this caller
     * won it. The condition on the lease it saw makes two retries racing for it elect one.
     */
    async takeOver(workspaceId: string, key: string, seenLease: string | null, next: { owner: string; lease_until: string; fingerprint: string; created_at: string; expires_at: string }): Promise<boolean> {
      const query = table().where({ workspace_id: workspaceId, key }).whereNull('status');
      if (seenLease === null) query.whereNull('lease_until');
      else query.where({ lease_until: seenLease });
      return (await query.update(next)) > 0;
    },
    /** Extends the lease of records this owner still runs. */
    async renew(workspaceId: string, key: string, owner: string, leaseUntil: string): Promise<void> {
      await table().where({ workspace_id: workspaceId, key, owner }).whereNull('status').update({ lease_until: leaseUntil });
    },
    async complete(workspaceId: string, key: string, owner: string, status: number, response: string): Promise<void> {
      await table().where({ workspace_id: workspaceId, key, owner }).update({ status, response, owner: null, lease_until: null });
    },
    /** Drops an unanswered record of this owner (the request failed: the client may retry). */
    async release(workspaceId: string, key: string, owner: string): Promise<void> {
      await table().where({ workspace_id: workspaceId, key, owner }).whereNull('status').delete();
    },
    /** Drops a record that expired (its 24 h are over). */
    async deleteIfExpired(workspaceId: string, key: string, now: string): Promise<void> {
      await table().where({ workspace_id: workspaceId, key }).where('expires_at', '<=', now).delete();
    },
    /**
     * Drops every unanswered record (start-up recovery on SQLite, where the data-directory lock
     * guarantees no other process runs a request). Returns how many.
     */
    async releaseAllUnfinished(): Promise<number> {
      return table().whereNull('status').delete();
    },
    async deleteExpired(now: string): Promise<number> {
      return table().where('expires_at', '<=', now).delete();
    },
  };
}

export type IdempotencyRepository = ReturnType<typeof idempotencyRepository>;
