import type { Knex } from 'knex';

/**
 * Webhooks, their deliveries and the dispatcher's cursor over the events log.
 * - `webhooks.secret` holds the AES-256-GCM token of the signing secret, never the secret itself.
 * - `webhooks.since_position`: the webhook receives only events stored after this position (set at
 *   creation and on re-activation), so events older than the webhook are never sent to it.
 * - `webhook_deliveries` is one row per (event, webhook): the serialized envelope (`body`, signed
 *   and sent as is on every attempt), the latest attempt's result and the delivery actor's
 *   persisted snapshot. (event_id, webhook_id) is unique, so a fan-out repeated after a crash
 *   creates nothing twice.
 * - `webhook_cursor` is the last event position fanned out, advanced in the same transaction that
 *   inserts the deliveries.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('webhooks', (t) => {
    t.string('id', 64).primary();
    t.string('workspace_id', 64).notNullable();
    t.text('url').notNullable();
    t.text('events').notNullable(); // JSON array of event kinds
    t.text('secret').notNullable(); // encrypted token (runtime/secrets/cipher.ts)
    t.text('description').notNullable();
    t.boolean('active').notNullable();
    t.boolean('debug').notNullable();
    t.bigInteger('since_position').notNullable();
    t.string('created_at', 32).notNullable();
    t.string('updated_at', 32).notNullable();
    t.string('deleted_at', 32).nullable();
    t.index(['workspace_id', 'created_at']);
  });
  await db.schema.createTable('webhook_deliveries', (t) => {
    t.string('id', 64).primary();
    t.string('webhook_id', 64).notNullable();
    t.string('workspace_id', 64).notNullable();
    t.string('event_id', 64).nullable(); // null for test deliveries
    t.string('event', 64).notNullable();
    t.text('body').notNullable();
    t.boolean('test').notNullable();
    t.string('state', 16).notNullable(); // scheduled | waiting | succeeded | failed
    t.integer('attempt').notNullable(); // attempts made
    t.integer('response_code').nullable();
    t.integer('response_time_ms').nullable();
    t.string('delivered_at', 32).nullable(); // time of the latest attempt
    t.string('next_retry', 32).nullable();
    t.text('error').nullable();
    t.text('snapshot').nullable(); // webhookDelivery actor, getPersistedSnapshot() as JSON
    t.string('machine_version', 16).notNullable();
    t.string('created_at', 32).notNullable();
    t.string('updated_at', 32).notNullable();
    t.unique(['event_id', 'webhook_id']);
    t.index(['webhook_id', 'created_at']);
    t.index(['state']);
  });
  await db.schema.createTable('webhook_cursor', (t) => {
    t.string('name', 64).primary();
    t.bigInteger('position').notNullable();
    t.string('updated_at', 32).notNullable();
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('webhook_cursor');
  await db.schema.dropTableIfExists('webhook_deliveries');
  await db.schema.dropTableIfExists('webhooks');
}
