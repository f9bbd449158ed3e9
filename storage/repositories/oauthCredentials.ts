import type { Db } from '../db.js';

export type OAuthOwnerKind = 'tool_connection' | 'integration';
/** `pending`: waiting for the user's consent; `authorized`: tokens held; `refused`: the server refused the refresh. */
export type OAuthCredentialStatus = 'pending' | 'authorized' | 'refused';

/** One OAuth credential crewd holds as a client; `tokens`, `client_info` and `code_verifier` are sealed by the runtime. */
export interface OAuthCredentialRow {
  id: string;
  workspace_id: string;
  owner_kind: OAuthOwnerKind;
  owner_id: string;
  server_url: string | null;
  status: OAuthCredentialStatus;
  tokens: string | null;
  client_info: string | null;
  discovery: string | null;
  code_verifier: string | null;
  authorization_url: string | null;
  auth_state: string | null;
  auth_state_expires_at: string | null;
  expires_at: string | null;
  refresh_claimed_until: string | null;
  refresh_claimed_by: string | null;
  created_at: string;
  updated_at: string;
}

export function oauthCredentialsRepository(db: Db): OAuthCredentialsRepository {
  const table = () => db('oauth_credentials');
  return {
    async get(id: string): Promise<OAuthCredentialRow | undefined> {
      return (await table().where({ id }).first()) as OAuthCredentialRow | undefined;
    },
    /** A workspace's credentials of one kind waiting for the user (an authorization URL not yet used or expired at `now`). */
    async listPending(workspaceId: string, ownerKind: OAuthOwnerKind, now: string): Promise<OAuthCredentialRow[]> {
      return (await table().where({ workspace_id: workspaceId, owner_kind: ownerKind, status: 'pending' }).whereNotNull('authorization_url').where('auth_state_expires_at', '>', now)) as OAuthCredentialRow[];
    },
    async insert(row: OAuthCredentialRow): Promise<void> {
      await table().insert(row);
    },
    async update(id: string, patch: Partial<Omit<OAuthCredentialRow, 'id' | 'workspace_id' | 'owner_kind' | 'owner_id' | 'created_at'>>): Promise<void> {
      await table().where({ id }).update(patch);
    },
    async remove(id: string): Promise<void> {
      await table().where({ id }).delete();
    },
    /**
     * Takes the pending authorization whose `state` this is, once: clears the state and answers
     * the row when it existed and had not expired at `now`. One conditional update, so two
     * callbacks racing on one state cannot both win.
     */
    async consumeState(state: string, now: string): Promise<OAuthCredentialRow | undefined> {
      const row = (await table().where({ auth_state: state }).first()) as OAuthCredentialRow | undefined;
      if (!row) return undefined;
      const taken = await table().where({ id: row.id, auth_state: state }).where('auth_state_expires_at', '>', now).update({ auth_state: null, auth_state_expires_at: null, updated_at: now });
      return taken === 1 ? row : undefined;
    },
    /**
     * Claims the right to refresh this credential's tokens until `until`: succeeds for one caller
     * only, and only while the tokens are still the ones the caller read (`expiresAt`) and nobody
     * else holds an unexpired claim. Another process that already refreshed changed `expires_at`,
     * so a late claimer gets nothing and reads the new tokens instead.
     */
    async claimRefresh(id: string, expiresAt: string | null, by: string, now: string, until: string): Promise<boolean> {
      const query = table()
        .where({ id })
        .where((q) => void q.whereNull('refresh_claimed_until').orWhere('refresh_claimed_until', '<', now));
      if (expiresAt === null) query.whereNull('expires_at');
      else query.where({ expires_at: expiresAt });
      return (await query.update({ refresh_claimed_until: until, refresh_claimed_by: by, updated_at: now })) === 1;
    },
    /** Lets a claim go (after a refresh that saved nothing), so the next due caller may try. */
    async releaseClaim(id: string, by: string): Promise<void> {
      await table().where({ id, refresh_claimed_by: by }).update({ refresh_claimed_until: null, refresh_claimed_by: null });
    },
  };
}

export interface OAuthCredentialsRepository {
  get(id: string): Promise<OAuthCredentialRow | undefined>;
  /** A workspace's credentials of one kind waiting for the user (an authorization URL not yet used or expired at `now`). */
  listPending(workspaceId: string, ownerKind: OAuthOwnerKind, now: string): Promise<OAuthCredentialRow[]>;
  insert(row: OAuthCredentialRow): Promise<void>;
  update(id: string, patch: Partial<Omit<OAuthCredentialRow, 'id' | 'workspace_id' | 'owner_kind' | 'owner_id' | 'created_at'>>): Promise<void>;
  remove(id: string): Promise<void>;
  /**
   * Takes the pending authorization whose `state` this is, once: clears the state and answers
   * the row when it existed and had not expired at `now`. One conditional update, so two
   * callbacks racing on one state cannot both win.
   */
  consumeState(state: string, now: string): Promise<OAuthCredentialRow | undefined>;
  /**
   * Claims the right to refresh this credential's tokens until `until`: succeeds for one caller
   * only, and only while the tokens are still the ones the caller read (`expiresAt`) and nobody
   * else holds an unexpired claim. Another process that already refreshed changed `expires_at`,
   * so a late claimer gets nothing and reads the new tokens instead.
   */
  claimRefresh(id: string, expiresAt: string | null, by: string, now: string, until: string): Promise<boolean>;
  /** Lets a claim go (after a refresh that saved nothing), so the next due caller may try. */
  releaseClaim(id: string, by: string): Promise<void>;
}
