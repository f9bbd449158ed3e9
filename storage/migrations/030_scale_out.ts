import type { Knex } from 'knex';

/**
 * Tables for N processes on one Postgres database (issue 16). They are created on SQLite too (the
 * same migrations run on both) but only used on Postgres:
 * - `rate_limits`: rate-limiter-flexible's Postgres store (its own column names and types), one
 *   row per counted subject and limit, so every process spends the same per-minute budget;
 * - `capacity_line`: the per-workspace concurrency limit and its first-in-first-out line, one row
 *   per outcome waiting (`state` waiting) or holding a slot (`state` running, `node` runs it);
 * - `secret_key_check`: one row whose `check` is a value sealed with the database's secrets key, so
 *   a process started with another key refuses to start instead of failing on every secret later.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('rate_limits', (t) => {
    t.string('key', 255).primary();
    t.integer('points').notNullable().defaultTo(0);
    t.bigInteger('expire').nullable();
  });
  await db.schema.createTable('capacity_line', (t) => {
    t.string('outcome_id').primary();
    t.string('workspace_id').notNullable();
    // The line's order: a Postgres sequence, so concurrent processes agree on who came first.
    if (db.client.config.client === 'pg') t.specificType('seq', 'bigserial');
    else t.bigInteger('seq').notNullable().defaultTo(0);
    t.string('state').notNullable();
    t.string('node').nullable();
    t.string('updated_at').notNullable();
    t.index(['workspace_id', 'state', 'seq']);
  });
  await db.schema.createTable('secret_key_check', (t) => {
    t.integer('id').primary();
    t.text('check').notNullable();
    t.string('created_at').notNullable();
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('secret_key_check');
  await db.schema.dropTable('capacity_line');
  await db.schema.dropTable('rate_limits');
}
