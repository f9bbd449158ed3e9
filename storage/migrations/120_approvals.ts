import type { Knex } from 'knex';

/**
 * Approvals (issue 27): `outcome_actions` holds each approval an outcome asked for, projected from
 * the outcome actor's snapshot in the same tick (the snapshot is the truth; this table serves
 * `GET /v1/actions`, the signed links and the operator page). The links' tokens are never stored:
 * only their SHA-256. `outcome_inputs.approvals` is the deploy's effective policy (the stage runner
 * holds integrations back when asked), `outcomes.pending_action` the open action on the views,
 * `workspace_approval_policies` a workspace's default policy set by an admin.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('outcome_actions', (t) => {
    t.string('id', 80).primary();
    t.string('workspace_id', 64).notNullable();
    t.string('outcome_id', 64).notNullable();
    t.string('kind', 40).notNullable();
    t.string('status', 16).notNullable();
    t.text('summary').notNullable();
    t.text('preview').notNullable();
    t.string('requested_at').notNullable();
    t.string('expires_at').notNullable();
    t.string('on_expiry', 16).notNullable();
    t.text('resolution').nullable();
    t.string('approve_link_hash', 64).nullable();
    t.string('reject_link_hash', 64).nullable();
    t.index(['workspace_id', 'status', 'requested_at'], 'outcome_actions_pending');
    t.index(['outcome_id'], 'outcome_actions_outcome');
  });
  await db.schema.alterTable('outcome_inputs', (t) => {
    t.text('approvals').nullable();
  });
  await db.schema.alterTable('outcomes', (t) => {
    t.text('pending_action').nullable();
  });
  await db.schema.createTable('workspace_approval_policies', (t) => {
    t.string('workspace_id', 64).primary();
    t.text('policy').notNullable();
    t.string('updated_at').notNullable();
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('workspace_approval_policies');
  await db.schema.alterTable('outcomes', (t) => t.dropColumn('pending_action'));
  await db.schema.alterTable('outcome_inputs', (t) => t.dropColumn('approvals'));
  await db.schema.dropTable('outcome_actions');
}
