import type { Knex } from 'knex';

/**
 * Commands forwarded to the process that holds an actor (issue 16, DESIGN section 3): a process
 * that receives a command (cancel, revise, retry) for an actor another process holds inserts it
 * here and notifies the owner, which claims it, applies it to its live actor and stores the answer.
 * `status` goes `pending` → `running` (claimed by `claimed_by` at `claimed_at`) → `done` (`result`
 * holds the answer as JSON). Times are milliseconds since the Unix epoch. Created on SQLite too
 * (the same migrations run on both) but only used on Postgres, where several processes share it.
 * The index serves the claim's scan for pending commands and a retried command's look-up.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('actor_commands', (t) => {
    t.string('id', 40).primary();
    t.string('actor_id', 64).notNullable();
    t.string('workspace_id', 64).nullable();
    t.string('kind', 40).notNullable();
    t.text('args').notNullable();
    t.string('status', 16).notNullable();
    t.string('requested_by', 64).notNullable();
    t.string('claimed_by', 64).nullable();
    t.bigInteger('claimed_at').nullable();
    t.text('result').nullable();
    t.boolean('collected').notNullable().defaultTo(false);
    t.bigInteger('created_at').notNullable();
    t.bigInteger('done_at').nullable();
    t.index(['status', 'created_at'], 'actor_commands_status');
    t.index(['actor_id', 'kind'], 'actor_commands_actor');
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('actor_commands');
}
