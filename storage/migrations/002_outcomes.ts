import type { Knex } from 'knex';

/**
 * The outcome engine: outcomes (a read model the actor host keeps current), their inputs, stored
 * stage outputs, revisions, batch workflows, persisted actor snapshots and durable timers.
 * Timestamps are ISO strings like everywhere else; JSON is stored as text.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('outcomes', (t) => {
    t.string('id', 64).primary();
    t.string('workspace_id', 64).notNullable();
    t.string('crew', 32).notNullable();
    t.string('status', 32).notNullable();
    t.string('created_at', 32).notNullable();
    t.string('updated_at', 32).notNullable();
    t.string('completed_at', 32).nullable();
    t.string('failed_at', 32).nullable();
    t.string('estimated_completion', 32).nullable();
    t.text('progress').notNullable();
    t.text('agents').notNullable();
    t.text('result').nullable();
    t.text('quality_metrics').nullable();
    t.text('integrations_executed').nullable();
    t.text('error').nullable();
    t.boolean('retry_available').nullable();
    t.string('estimated_retry_time', 32).nullable();
    t.integer('revisions_available').notNullable();
    t.integer('attempt').notNullable();
    t.string('workflow_id', 64).nullable();
    t.index(['workspace_id', 'created_at', 'id']);
    t.index(['workspace_id', 'status', 'created_at']);
    t.index(['workflow_id']);
  });
  await db.schema.createTable('outcome_inputs', (t) => {
    t.string('outcome_id', 64).primary();
    t.text('brief').notNullable();
    t.text('context').nullable();
    t.text('requirements').notNullable();
    t.text('integrations').notNullable();
    t.string('template_id', 200).nullable();
    t.text('context_documents').notNullable();
    t.text('depends_on').notNullable(); // JSON array of outcome ids (batch workflows)
    t.integer('priority').nullable();
  });
  await db.schema.createTable('stage_outputs', (t) => {
    t.string('outcome_id', 64).notNullable();
    t.string('step_key', 64).notNullable(); // stage index, or a revision id
    t.integer('attempt').notNullable();
    t.text('summary').notNullable();
    t.text('content').notNullable();
    t.text('data').nullable();
    t.string('created_at', 32).notNullable();
    t.primary(['outcome_id', 'step_key', 'attempt']);
  });
  await db.schema.createTable('revisions', (t) => {
    t.string('id', 64).primary();
    t.string('outcome_id', 64).notNullable();
    t.string('workspace_id', 64).notNullable();
    t.string('status', 32).notNullable();
    t.text('feedback').notNullable();
    t.text('requirements').notNullable();
    t.string('priority', 32).nullable();
    t.text('changes_requested').notNullable();
    t.string('estimated_completion', 32).notNullable();
    t.string('created_at', 32).notNullable();
    t.string('completed_at', 32).nullable();
    t.text('error').nullable();
    t.index(['outcome_id', 'created_at']);
  });
  await db.schema.createTable('workflows', (t) => {
    t.string('id', 64).primary();
    t.string('workspace_id', 64).notNullable();
    t.string('name', 200).notNullable();
    t.string('status', 32).notNullable();
    t.text('entries').notNullable(); // JSON [{crew_id, outcome_id, priority, depends_on}]
    t.string('created_at', 32).notNullable();
    t.string('completed_at', 32).nullable();
  });
  await db.schema.createTable('actors', (t) => {
    t.string('id', 64).primary();
    t.string('machine', 64).notNullable();
    t.integer('version').notNullable();
    t.string('workspace_id', 64).nullable();
    t.string('status', 16).notNullable(); // active (restored at start) | idle (at rest) | error
    t.string('state_value', 200).notNullable();
    t.text('snapshot').nullable(); // null: not started yet, create from `input`
    t.text('input').nullable();
    t.string('created_at', 32).notNullable();
    t.string('updated_at', 32).notNullable();
    t.index(['status']);
  });
  await db.schema.createTable('timers', (t) => {
    t.string('kind', 64).notNullable();
    t.string('key', 200).notNullable();
    t.string('due_at', 32).notNullable();
    t.text('payload').notNullable();
    t.string('claimed_by', 64).nullable();
    t.string('claimed_until', 32).nullable();
    t.string('created_at', 32).notNullable();
    t.primary(['kind', 'key']);
    t.index(['due_at']);
  });
}

export async function down(db: Knex): Promise<void> {
  for (const table of ['timers', 'actors', 'workflows', 'revisions', 'stage_outputs', 'outcome_inputs', 'outcomes']) {
    await db.schema.dropTableIfExists(table);
  }
}
