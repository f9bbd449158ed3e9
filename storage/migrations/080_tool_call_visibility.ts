import type { Knex } from 'knex';

/**
 * Tool calls made visible (issue 21): each logged call records the model step of its agent that
 * asked for it (`step`, NULL for calls outside an agent loop and rows older than this migration)
 * and, when it failed, why (`error`, NULL on success). Indexes serve the per-outcome list and the
 * per-connection list, newest first, by keyset cursor (created_at, id).
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('tool_calls', (t) => {
    t.integer('step').nullable();
    t.text('error').nullable();
    t.index(['outcome_id', 'created_at', 'id'], 'tool_calls_outcome_order');
    t.index(['connection_id', 'created_at', 'id'], 'tool_calls_connection_order');
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('tool_calls', (t) => {
    t.dropIndex(['connection_id', 'created_at', 'id'], 'tool_calls_connection_order');
    t.dropIndex(['outcome_id', 'created_at', 'id'], 'tool_calls_outcome_order');
    t.dropColumn('error');
    t.dropColumn('step');
  });
}
