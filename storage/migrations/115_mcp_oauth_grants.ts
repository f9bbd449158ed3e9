import type { Knex } from 'knex';

/**
 * What crewd's OAuth authorization server for /mcp hands out (docs/mcp-server.md "Connecting with
 * OAuth"): a pending consent (`consent`), an authorization code (`code`), an access token
 * (`access`) and a refresh token (`refresh`). Only the SHA-256 of each secret is stored
 * (`token_hash`), never the secret. Every row of one authorization shares `family`, so a revocation,
 * or the replay of a used code or refresh token, revokes them all. Times are ms since the epoch.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('mcp_oauth_grants', (t) => {
    t.string('id', 40).primary();
    t.string('kind', 16).notNullable();
    t.string('token_hash', 64).notNullable().unique();
    t.string('family', 40).notNullable();
    t.text('client_id').notNullable();
    t.string('key_id', 64).nullable();
    t.string('workspace_id', 64).nullable();
    t.text('scopes').notNullable();
    t.text('resource').nullable();
    t.text('redirect_uri').nullable();
    t.string('code_challenge', 128).nullable();
    t.text('state').nullable();
    t.bigInteger('expires_at').notNullable();
    t.bigInteger('used_at').nullable();
    t.bigInteger('revoked_at').nullable();
    t.bigInteger('created_at').notNullable();
    t.index(['family'], 'mcp_oauth_grants_family');
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('mcp_oauth_grants');
}
