import type { Knex } from 'knex';

/**
 * Attempt history and secret rotation for webhooks.
 * - `webhook_attempts` keeps every attempt a delivery row no longer shows: when attempt n+1 is
 *   stored on `webhook_deliveries`, attempt n moves here (same `del_` id, its own number). The
 *   latest attempt stays on the delivery row only, so a delivery that succeeds at once (the usual
 *   case) writes no history row. (delivery_id, attempt) is the key, so a write repeated after a
 *   crash adds nothing twice. Rows stay when their webhook is deleted (the history stays readable).
 * - `webhooks.previous_secret` (encrypted like `secret`) and `previous_secret_expires_at`: after a
 *   rotation, deliveries are signed with both secrets until the old one expires (24 h).
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('webhook_attempts', (t) => {
    t.string('delivery_id', 64).notNullable();
    t.integer('attempt').notNullable();
    t.string('webhook_id', 64).notNullable();
    t.string('workspace_id', 64).notNullable();
    t.string('event', 64).notNullable();
    t.string('state', 16).notNullable(); // succeeded | failed: how this attempt ended
    t.integer('response_code').nullable(); // null when no answer came
    t.integer('response_time_ms').notNullable();
    t.string('delivered_at', 32).notNullable();
    t.string('next_retry', 32).nullable(); // when the attempt after this one was due
    t.text('error').nullable();
    t.primary(['delivery_id', 'attempt']);
    t.index(['webhook_id', 'delivered_at']);
  });
  await db.schema.alterTable('webhook_deliveries', (t) => {
    t.index(['webhook_id', 'delivered_at']);
  });
  await db.schema.alterTable('webhooks', (t) => {
    t.text('previous_secret').nullable();
    t.string('previous_secret_expires_at', 32).nullable();
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('webhooks', (t) => {
    t.dropColumn('previous_secret');
    t.dropColumn('previous_secret_expires_at');
  });
  await db.schema.alterTable('webhook_deliveries', (t) => {
    t.dropIndex(['webhook_id', 'delivered_at']);
  });
  await db.schema.dropTableIfExists('webhook_attempts');
}
