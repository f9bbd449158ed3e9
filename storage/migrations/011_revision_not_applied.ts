import type { Knex } from 'knex';

/**
 * A revision's record says what of its feedback was applied and what was not: `applied` (JSON
 * array of the parts applied, NULL when the model does not say) and `not_applied` (JSON array of
 * `{part, reason}`), both NULL until the revision completes. Rows of revisions completed before
 * this migration keep NULL: what they applied was not recorded.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('revisions', (t) => {
    t.text('applied').nullable();
    t.text('not_applied').nullable();
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('revisions', (t) => {
    t.dropColumn('not_applied');
    t.dropColumn('applied');
  });
}
