import type { Db } from '../db.js';

/** One OAuth connect attempt; `code_verifier` is encrypted by the runtime. */
export interface OAuthStateRow {
  state: string;
  workspace_id: string;
  integration_id: string;
  code_verifier: string;
  redirect_uri: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export function oauthStatesRepository(db: Db): OAuthStatesRepository {
  return {
    async insert(row: OAuthStateRow): Promise<void> {
      await db('oauth_states').insert(row);
    },
    /**
     * Marks the state used and returns it, when it exists, is unused and has not expired at `now`;
     * else undefined. One conditional update, so two callbacks racing on one state cannot both win.
     */
    async consume(state: string, now: string): Promise<OAuthStateRow | undefined> {
      const updated = await db('oauth_states').where({ state }).whereNull('used_at').where('expires_at', '>', now).update({ used_at: now });
      if (updated !== 1) return undefined;
      return (await db('oauth_states').where({ state }).first()) as OAuthStateRow | undefined;
    },
    /** Drops attempts that expired before `before` (housekeeping). */
    async deleteExpired(before: string): Promise<number> {
      return db('oauth_states').where('expires_at', '<', before).delete();
    },
  };
}

export interface OAuthStatesRepository {
  insert(row: OAuthStateRow): Promise<void>;
  /**
   * Marks the state used and returns it, when it exists, is unused and has not expired at `now`;
   * else undefined. One conditional update, so two callbacks racing on one state cannot both win.
   */
  consume(state: string, now: string): Promise<OAuthStateRow | undefined>;
  /** Drops attempts that expired before `before` (housekeeping). */
  deleteExpired(before: string): Promise<number>;
}
