import type { Knex } from 'knex';

/**
 * Actor ownership (issue 16, DESIGN section 3): the process that runs an unfinished actor
 * (`owner`, NULL when none), until when its lease holds (`lease_until`, milliseconds since the
 * Unix epoch on the database's clock, NULL when released) and the `epoch` a takeover bumps; every
 * tick's write is conditional on (owner, epoch). Used on Postgres only; SQLite leaves them as is.
 * The index serves the takeover's scan for unowned or expired leases.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('actors', (t) => {
    t.string('owner', 64).nullable();
    t.bigInteger('lease_until').nullable();
    t.integer('epoch').notNullable().defaultTo(0);
    t.index(['status', 'lease_until'], 'actors_lease_order');
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('actors', (t) => {
    t.dropIndex(['status', 'lease_until'], 'actors_lease_order');
    t.dropColumn('epoch');
    t.dropColumn('lease_until');
    t.dropColumn('owner');
  });
}
