import type { Db } from '../db.js';

export interface IdempotencyRow {
  workspace_id: string;
  key: string;
  fingerprint: string;
  status: number | null;
  response: string | null;
  created_at: string;
  expires_at: string;
}

/** Idempotency records; `claim` is the one race-free step (a unique primary key). */
export function idempotencyRepository(db: Db) {
  return {
    async get(workspaceId: string, key: string): Promise<IdempotencyRow | undefined> {
      const row = await db('idempotency_keys').where({ workspace_id: workspaceId, key }).first();
      return row ? { ...row, status: row.status === null ? null : Number(row.status) } : undefined;
    },
    /** Inserts the in-progress record; false when another request holds the key. */
    async claim(row: IdempotencyRow): Promise<boolean> {
      const inserted = await db('idempotency_keys').insert(row).onConflict(['workspace_id', 'key']).ignore().returning('key');
      return Array.isArray(inserted) && inserted.length > 0;
    },
    async complete(workspaceId: string, key: string, status: number, response: string): Promise<void> {
      await db('idempotency_keys').where({ workspace_id: workspaceId, key }).update({ status, response });
    },
    async release(workspaceId: string, key: string): Promise<void> {
      await db('idempotency_keys').where({ workspace_id: workspaceId, key }).delete();
    },
    async deleteExpired(now: string): Promise<number> {
      return db('idempotency_keys').where('expires_at', '<=', now).delete();
    },
  };
}

export type IdempotencyRepository = ReturnType<typeof idempotencyRepository>;
