import type { Knex } from 'knex';

/**
 * The one credential store for OAuth tokens crewd holds as a client (issue 29): a tool
 * connection's tokens for an OAuth-protected MCP server (`owner_kind` `tool_connection`), beside
 * the integrations' vendor tokens (`integration`). Every secret column (`tokens`, `client_info`,
 * `code_verifier`) is sealed by runtime/secrets before it is written; `discovery` is the
 * authorization server's public metadata. `expires_at` (the access token's, plain) lets a refresh
 * be claimed: `refresh_claimed_until` is set by one conditional update, so of several processes
 * only one refreshes. `auth_state` is the single-use `state` of a pending authorization.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('oauth_credentials', (t) => {
    t.string('id', 160).primary();
    t.string('workspace_id', 64).notNullable();
    t.string('owner_kind', 32).notNullable();
    t.string('owner_id', 128).notNullable();
    t.text('server_url').nullable();
    t.string('status', 32).notNullable();
    t.text('tokens').nullable();
    t.text('client_info').nullable();
    t.text('discovery').nullable();
    t.text('code_verifier').nullable();
    t.text('authorization_url').nullable();
    t.string('auth_state', 100).nullable().unique();
    t.string('auth_state_expires_at', 40).nullable();
    t.string('expires_at', 40).nullable();
    t.string('refresh_claimed_until', 40).nullable();
    t.string('refresh_claimed_by', 64).nullable();
    t.string('created_at', 40).notNullable();
    t.string('updated_at', 40).notNullable();
    t.index(['workspace_id', 'owner_kind', 'owner_id'], 'oauth_credentials_owner');
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('oauth_credentials');
}
