import type { Knex } from 'knex';

/**
 * A webhook scoped to one outcome (issue 31: A2A push notifications are crewd's signed webhooks).
 * `outcome_id` set: only that outcome's events are delivered to it; null (every webhook before
 * this): all the workspace's events of its kinds, as before. `notification_token` is the A2A push
 * config's token (encrypted like the signing secret), sent as `X-A2A-Notification-Token`.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('webhooks', (t) => {
    t.string('outcome_id', 64).nullable();
    t.text('notification_token').nullable();
    t.index(['workspace_id', 'outcome_id'], 'webhooks_outcome_idx');
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('webhooks', (t) => {
    t.dropIndex(['workspace_id', 'outcome_id'], 'webhooks_outcome_idx');
    t.dropColumn('outcome_id');
    t.dropColumn('notification_token');
  });
}
