import type { Knex } from 'knex';

/**
 * A workspace's approval-policy version (issue 30): every write of its default policy adds one,
 * in the transaction that writes the policy. Deploys keep the policy they read in memory with its
 * version, and the admission check of their commit, which already reads (and on Postgres locks)
 * the workspace's row, compares the version: a deploy planned on a policy changed since is not
 * written and is planned again on the new one. So no deploy reads the policy table, and none is
 * committed on a policy older than the last one committed before it.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('workspaces', (table) => {
    table.integer('approval_policy_version').notNullable().defaultTo(0);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('workspaces', (table) => {
    table.dropColumn('approval_policy_version');
  });
}
