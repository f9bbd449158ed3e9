import type { Db } from '../db.js';

export type McpOAuthGrantKind = 'consent' | 'code' | 'access' | 'refresh';

/** One row of mcp_oauth_grants (storage/migrations/115_mcp_oauth_grants.ts); `scopes` is JSON. */
export interface McpOAuthGrantRow {
  id: string;
  kind: McpOAuthGrantKind;
  token_hash: string;
  family: string;
  client_id: string;
  key_id: string | null;
  workspace_id: string | null;
  scopes: string;
  resource: string | null;
  redirect_uri: string | null;
  code_challenge: string | null;
  state: string | null;
  expires_at: number;
  used_at: number | null;
  revoked_at: number | null;
  created_at: number;
}

/** A row as the driver answers it: Postgres gives bigints as strings. */
type StoredGrant = Omit<McpOAuthGrantRow, 'expires_at' | 'used_at' | 'revoked_at' | 'created_at'> & {
  expires_at: number | string;
  used_at: number | string | null;
  revoked_at: number | string | null;
  created_at: number | string;
};

/** Reads bigints as numbers. */
function rowOf(raw: StoredGrant | undefined): McpOAuthGrantRow | undefined {
  if (!raw) return undefined;
  const num = (value: number | string | null) => (value === null || value === undefined ? null : Number(value));
  return { ...raw, expires_at: Number(raw.expires_at), used_at: num(raw.used_at), revoked_at: num(raw.revoked_at), created_at: Number(raw.created_at) };
}

export function mcpOAuthGrantsRepository(db: Db): McpOAuthGrantsRepository {
  return {
    async insert(row: McpOAuthGrantRow): Promise<void> {
      await db('mcp_oauth_grants').insert(row);
    },
    async byHash(tokenHash: string): Promise<McpOAuthGrantRow | undefined> {
      return rowOf(await db('mcp_oauth_grants').where({ token_hash: tokenHash }).first());
    },
    /** Marks a row used once: true for the one caller that did, false when it was used already. */
    async use(id: string, at: number): Promise<boolean> {
      return (await db('mcp_oauth_grants').where({ id }).whereNull('used_at').update({ used_at: at })) === 1;
    },
    /** Revokes every row of an authorization. */
    async revokeFamily(family: string, at: number): Promise<void> {
      await db('mcp_oauth_grants').where({ family }).whereNull('revoked_at').update({ revoked_at: at });
    },
  };
}

export interface McpOAuthGrantsRepository {
  insert(row: McpOAuthGrantRow): Promise<void>;
  byHash(tokenHash: string): Promise<McpOAuthGrantRow | undefined>;
  /** Marks a row used once: true for the one caller that did, false when it was used already. */
  use(id: string, at: number): Promise<boolean>;
  /** Revokes every row of an authorization. */
  revokeFamily(family: string, at: number): Promise<void>;
}
