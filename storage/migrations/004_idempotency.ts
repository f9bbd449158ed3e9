import type { Knex } from 'knex';

/** Stored answers of creating POSTs, keyed by the client's Idempotency-Key within a workspace. */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('idempotency_keys', (t) => {
    t.string('workspace_id', 64).notNullable();
    t.string('key', 255).notNullable();
    t.string('fingerprint', 64).notNullable(); // SHA-256 of method, path and body
    t.integer('status').nullable(); // null while the first request is still running
    t.text('response').nullable();
    t.string('created_at', 32).notNullable();
    t.string('expires_at', 32).notNullable();
    t.primary(['workspace_id', 'key']);
    t.index(['expires_at']);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('idempotency_keys');
}
