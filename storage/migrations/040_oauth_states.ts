import type { Knex } from 'knex';

/**
 * OAuth connect attempts (issue 17): one row per `oauth/start`, keyed by the random `state` the
 * vendor hands back to the callback. The PKCE verifier is stored encrypted; `used_at` makes a
 * state single-use and `expires_at` (10 minutes) bounds it.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('oauth_states', (t) => {
    t.string('state', 100).primary();
    t.string('workspace_id', 64).notNullable();
    t.string('integration_id', 64).notNullable();
    t.text('code_verifier').notNullable();
    t.text('redirect_uri').notNullable();
    t.string('expires_at', 40).notNullable();
    t.string('used_at', 40).nullable();
    t.string('created_at', 40).notNullable();
    t.index(['expires_at']);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('oauth_states');
}
