import type { Knex } from 'knex';

/**
 * Hardening (issue 8): a lease on in-progress idempotency keys, so a key whose request died with
 * its process is released instead of answering 409 for a day; and a revocation version that every
 * running server polls, so a key revoked by another process (the CLI, another node) stops at once.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('idempotency_keys', (t) => {
    t.string('owner', 64).nullable(); // the process running the request; null once answered
    t.string('lease_until', 32).nullable(); // renewed while the request runs; past it, the key is free
  });
  await db.schema.createTable('key_revocation_version', (t) => {
    t.integer('id').primary(); // always 1: one row
    t.bigInteger('version').notNullable();
  });
  await db('key_revocation_version').insert({ id: 1, version: 0 });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('key_revocation_version');
  await db.schema.alterTable('idempotency_keys', (t) => {
    t.dropColumn('lease_until');
    t.dropColumn('owner');
  });
}
