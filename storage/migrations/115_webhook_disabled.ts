import type { Knex } from 'knex';

/**
 * Why a webhook was turned off by the service itself (issue 28: a receiver that answers `410 Gone`
 * disables its webhook). `disabled_reason` is shown on the webhook until it is switched on again;
 * an owner's own `active: false` leaves both null.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('webhooks', (t) => {
    t.text('disabled_reason').nullable();
    t.string('disabled_at', 32).nullable();
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('webhooks', (t) => {
    t.dropColumn('disabled_reason');
    t.dropColumn('disabled_at');
  });
}
