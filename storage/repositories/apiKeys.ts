import type { Db } from '../db.js';
import { notifyWithin, type TransactionNotice } from '../sql/notice.js';

export interface ApiKeyRow {
  id: string;
  workspace_id: string;
  name: string;
  permissions: string[];
  secret_hash: string;
  prefix: string;
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
  revoked_at: string | null;
}

function fromDb(row: Record<string, unknown>): ApiKeyRow {
  return {
    id: String(row.id),
    workspace_id: String(row.workspace_id),
    name: String(row.name),
    permissions: JSON.parse(String(row.permissions)) as string[],
    secret_hash: String(row.secret_hash),
    prefix: String(row.prefix),
    created_at: String(row.created_at),
    last_used_at: (row.last_used_at as string | null) ?? null,
    expires_at: (row.expires_at as string | null) ?? null,
    revoked_at: (row.revoked_at as string | null) ?? null,
  };
}

/** API keys. Only the SHA-256 of a secret is stored, with a short display prefix. */
export function apiKeysRepository(db: Db): ApiKeysRepository {
  return {
    /**
     * Inserts a key. With `condition` (an Idempotency-Key's fence) the insert and the condition
     * share one transaction: a condition that answers an Error writes nothing and throws it.
     */
    async insert(row: ApiKeyRow, condition?: (trx: Db) => Promise<Error | undefined>): Promise<void> {
      const values = { ...row, permissions: JSON.stringify(row.permissions) };
      if (!condition) {
        await db('api_keys').insert(values);
        return;
      }
      await db.transaction(async (trx) => {
        const refused = await condition(trx);
        if (refused) throw refused;
        await trx('api_keys').insert(values);
      });
    },
    async count(): Promise<number> {
      const [row] = await db('api_keys').count({ n: '*' });
      return Number(row?.n ?? 0);
    },
    async findByHash(secretHash: string): Promise<ApiKeyRow | undefined> {
      const row = await db('api_keys').where({ secret_hash: secretHash }).first();
      return row ? fromDb(row) : undefined;
    },
    async get(workspaceId: string, id: string): Promise<ApiKeyRow | undefined> {
      const row = await db('api_keys').where({ workspace_id: workspaceId, id }).first();
      return row ? fromDb(row) : undefined;
    },
    /** Any workspace's key, for the operator CLI. */
    async getAny(id: string): Promise<ApiKeyRow | undefined> {
      const row = await db('api_keys').where({ id }).first();
      return row ? fromDb(row) : undefined;
    },
    async listActive(workspaceId?: string): Promise<ApiKeyRow[]> {
      const query = db('api_keys').whereNull('revoked_at').orderBy([{ column: 'created_at' }, { column: 'id' }]);
      if (workspaceId) query.where({ workspace_id: workspaceId });
      return (await query).map(fromDb);
    },
    async rename(workspaceId: string, id: string, name: string): Promise<void> {
      await db('api_keys').where({ workspace_id: workspaceId, id }).update({ name });
    },
    /** Revokes a key and bumps the revocation version in one transaction, so every running server sees it. */
    async revoke(id: string, at: string, notice?: TransactionNotice): Promise<void> {
      await db.transaction(async (trx) => {
        const changed = await trx('api_keys').where({ id }).whereNull('revoked_at').update({ revoked_at: at });
        if (changed === 0) return;
        await trx('key_revocation_version').where({ id: 1 }).increment('version', 1);
        // Delivered with the commit to every process listening: none waits for its next read.
        if (notice) await notifyWithin(trx, [notice]);
      });
    },
    /** A number that grows with every revocation (any process); servers poll it to drop cached keys. */
    async revocationVersion(): Promise<number> {
      const row = await db('key_revocation_version').where({ id: 1 }).first('version');
      return Number(row?.version ?? 0);
    },
    /** Writes many last-used stamps in one transaction (batched off the request path). */
    async touchMany(stamps: Array<{ id: string; at: string }>): Promise<void> {
      if (stamps.length === 0) return;
      await db.transaction(async (trx) => {
        for (const { id, at } of stamps) await trx('api_keys').where({ id }).update({ last_used_at: at });
      });
    },
  };
}

export interface ApiKeysRepository {
  /**
   * Inserts a key. With `condition` (an Idempotency-Key's fence) the insert and the condition
   * share one transaction: a condition that answers an Error writes nothing and throws it.
   */
  insert(row: ApiKeyRow, condition?: (trx: Db) => Promise<Error | undefined>): Promise<void>;
  count(): Promise<number>;
  findByHash(secretHash: string): Promise<ApiKeyRow | undefined>;
  get(workspaceId: string, id: string): Promise<ApiKeyRow | undefined>;
  /** Any workspace's key, for the operator CLI. */
  getAny(id: string): Promise<ApiKeyRow | undefined>;
  listActive(workspaceId?: string): Promise<ApiKeyRow[]>;
  rename(workspaceId: string, id: string, name: string): Promise<void>;
  /**
   * Revokes a key and bumps the revocation version in one transaction, so every running server sees
   * it; `notice` (Postgres) is sent by that transaction when it revoked something.
   */
  revoke(id: string, at: string, notice?: TransactionNotice): Promise<void>;
  /** A number that grows with every revocation (any process); servers poll it to drop cached keys. */
  revocationVersion(): Promise<number>;
  /** Writes many last-used stamps in one transaction (batched off the request path). */
  touchMany(stamps: Array<{ id: string; at: string }>): Promise<void>;
}
