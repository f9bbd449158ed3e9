import type { Knex } from 'knex';

/** Workspaces, API keys, operator crew status and the append-only events log. */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('workspaces', (t) => {
    t.string('id', 64).primary();
    t.string('name', 200).notNullable().unique();
    t.string('plan', 32).notNullable();
    t.bigInteger('credits_remaining').nullable(); // null: no credit limit
    t.integer('requests_per_minute').notNullable();
    t.integer('concurrent_outcomes').notNullable();
    t.string('created_at', 32).notNullable();
  });
  await db.schema.createTable('api_keys', (t) => {
    t.string('id', 64).primary();
    t.string('workspace_id', 64).notNullable().references('id').inTable('workspaces');
    t.string('name', 200).notNullable();
    t.text('permissions').notNullable(); // JSON array of scopes
    t.string('secret_hash', 64).notNullable().unique(); // SHA-256 hex; the secret itself is never stored
    t.string('prefix', 32).notNullable();
    t.string('created_at', 32).notNullable();
    t.string('last_used_at', 32).nullable();
    t.string('expires_at', 32).nullable();
    t.string('revoked_at', 32).nullable();
    t.index(['workspace_id']);
  });
  await db.schema.createTable('crew_status', (t) => {
    t.string('crew_id', 32).primary();
    t.string('status', 32).notNullable();
    t.string('estimated_availability', 32).nullable();
    t.string('updated_at', 32).notNullable();
  });
  await db.schema.createTable('events', (t) => {
    t.bigIncrements('position').primary(); // global order, for tailing readers (webhooks, streams)
    t.string('id', 64).notNullable().unique();
    t.string('workspace_id', 64).notNullable();
    t.string('outcome_id', 64).nullable();
    t.integer('sequence').notNullable(); // per-outcome order, 1-based
    t.string('kind', 64).notNullable();
    t.string('timestamp', 32).notNullable();
    t.text('data').notNullable(); // JSON
    t.unique(['outcome_id', 'sequence']);
    t.index(['workspace_id', 'position']);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('events');
  await db.schema.dropTableIfExists('crew_status');
  await db.schema.dropTableIfExists('api_keys');
  await db.schema.dropTableIfExists('workspaces');
}
