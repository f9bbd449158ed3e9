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
  /** The claim running the request (`<process id>.<token>`, fresh per claim and takeover); null once answered. */
  owner: string | null;
  /** While running: the key is free once this passes (the owner renews it). */
  lease_until: string | null;
  /**
   * While running, once the answer is prepared: what the request creates (`kind:id`); the answer
   * (`response`, `prepared_status`) becomes final when that resource exists. Null otherwise.
   */
  resource?: string | null;
  prepared_status?: number | null;
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
    resource: (row.resource as string | null) ?? null,
    prepared_status: row.prepared_status === null || row.prepared_status === undefined ? null : Number(row.prepared_status),
  };
}

/**
 * Idempotency records. `claim` (a unique primary key) and `takeOver` (a conditional update on the
 * lease the caller saw) are the race-free steps; everything else is keyed by (workspace, key, owner)
 * so a process that lost its lease cannot overwrite the new owner's answer.
 */
export function idempotencyRepository(db: Db): IdempotencyRepository {
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
      // The answer the dead owner prepared is dropped with its lease: its resource was not committed.
      return (await query.update({ ...next, response: null, resource: null, prepared_status: null })) > 0;
    },
    /** Extends the lease of records this owner still runs. */
    async renew(workspaceId: string, key: string, owner: string, leaseUntil: string): Promise<void> {
      await table().where({ workspace_id: workspaceId, key, owner }).whereNull('status').update({ lease_until: leaseUntil });
    },
    /** Stores the final answer of the claim `owner` (answered or sealed by it; never another claim's). */
    async complete(workspaceId: string, key: string, owner: string, status: number, response: string): Promise<void> {
      await table().where({ workspace_id: workspaceId, key, owner }).update({ status, response, owner: null, lease_until: null, resource: null, prepared_status: null });
    },
    /**
     * Stores the answer of a running request before its resource commits (encrypted by the caller),
     * and what resource makes it final. Only the owner's unanswered record is written.
     */
    async prepare(workspaceId: string, key: string, owner: string, resource: string, status: number, response: string): Promise<void> {
      await table().where({ workspace_id: workspaceId, key, owner }).whereNull('status').update({ resource, prepared_status: status, response });
    },
    /**
     * Makes a prepared answer final once its resource was found committed (the owner may be gone).
     * Conditional on the record still holding that resource, so a takeover in between wins.
     */
    async settlePrepared(workspaceId: string, key: string, resource: string): Promise<boolean> {
      const updated = await table()
        .where({ workspace_id: workspaceId, key, resource })
        .whereNull('status')
        .update({ status: db.ref('prepared_status'), owner: null, lease_until: null, resource: null, prepared_status: null });
      return updated > 0;
    },
    /**
     * The fence of a creating request's commit, run inside the commit's transaction `trx`: makes
     * the prepared answer final (its status set, the lease ended) only while `owner` (the claim's
     * token) still holds the unanswered record. False when another claim took the key over: the
     * caller must then write nothing. The row's lock (Postgres) orders it against a `takeOver`,
     * whose condition on an unanswered record then fails.
     */
    async seal(trx: Db, workspaceId: string, key: string, owner: string): Promise<boolean> {
      const updated = await trx('idempotency_keys')
        .where({ workspace_id: workspaceId, key, owner })
        .whereNull('status')
        .whereNotNull('prepared_status')
        .update({ status: trx.ref('prepared_status'), lease_until: null });
      return Number(updated) > 0;
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
      // A prepared record may have had its resource committed: it stays, with its lease ended, so
      // the next request with its key checks the resource (replay) or takes it over (run again).
      const ended = await table().whereNull('status').whereNotNull('resource').update({ lease_until: null });
      return Number(ended) + Number(await table().whereNull('status').whereNull('resource').delete());
    },
    async deleteExpired(now: string): Promise<number> {
      return table().where('expires_at', '<=', now).delete();
    },
  };
}

export interface IdempotencyRepository {
  get(workspaceId: string, key: string): Promise<IdempotencyRow | undefined>;
  /** Inserts the in-progress record; false when another request holds the key. */
  claim(row: IdempotencyRow): Promise<boolean>;
  /**
   * Takes an unanswered record whose lease ran out (its process is gone): true when this caller
   * won it. The condition on the lease it saw makes two retries racing for it elect one.
   */
  takeOver(workspaceId: string, key: string, seenLease: string | null, next: { owner: string; lease_until: string; fingerprint: string; created_at: string; expires_at: string }): Promise<boolean>;
  /** Extends the lease of records this owner still runs. */
  renew(workspaceId: string, key: string, owner: string, leaseUntil: string): Promise<void>;
  /** Stores the final answer of the claim `owner` (answered or sealed by it; never another claim's). */
  complete(workspaceId: string, key: string, owner: string, status: number, response: string): Promise<void>;
  /**
   * Stores the answer of a running request before its resource commits (encrypted by the caller),
   * and what resource makes it final. Only the owner's unanswered record is written.
   */
  prepare(workspaceId: string, key: string, owner: string, resource: string, status: number, response: string): Promise<void>;
  /**
   * Makes a prepared answer final once its resource was found committed (the owner may be gone).
   * Conditional on the record still holding that resource, so a takeover in between wins.
   */
  settlePrepared(workspaceId: string, key: string, resource: string): Promise<boolean>;
  /**
   * The fence of a creating request's commit, run inside the commit's transaction `trx`: makes
   * the prepared answer final (its status set, the lease ended) only while `owner` (the claim's
   * token) still holds the unanswered record. False when another claim took the key over: the
   * caller must then write nothing. The row's lock (Postgres) orders it against a `takeOver`,
   * whose condition on an unanswered record then fails.
   */
  seal(trx: Db, workspaceId: string, key: string, owner: string): Promise<boolean>;
  /** Drops an unanswered record of this owner (the request failed: the client may retry). */
  release(workspaceId: string, key: string, owner: string): Promise<void>;
  /** Drops a record that expired (its 24 h are over). */
  deleteIfExpired(workspaceId: string, key: string, now: string): Promise<void>;
  /**
   * Drops every unanswered record (start-up recovery on SQLite, where the data-directory lock
   * guarantees no other process runs a request). Returns how many.
   */
  releaseAllUnfinished(): Promise<number>;
  deleteExpired(now: string): Promise<number>;
}
