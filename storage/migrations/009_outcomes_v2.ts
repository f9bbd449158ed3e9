import type { Knex } from 'knex';

/**
 * Outcomes keep their first completion: a revision sets `revised_at` and `revision_id` (the latest
 * completed revision) instead of moving `completed_at`.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('outcomes', (t) => {
    t.string('revised_at', 32).nullable();
    t.string('revision_id', 64).nullable();
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('outcomes', (t) => {
    t.dropColumn('revision_id');
    t.dropColumn('revised_at');
  });
}
