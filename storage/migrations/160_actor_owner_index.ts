import type { Knex } from 'knex';

/**
 * The lease round's renewal (`update actors set lease_until = … where owner = … and status =
 * 'active'`) read every unfinished actor of every process through `actors_lease_order`, so each
 * process's round cost grew with the whole cluster's actors (issue 30: 330-720 actor rows read per
 * completed outcome with four processes). A partial index on the owner of unfinished actors lets
 * each process read only its own. Postgres only: on SQLite nothing is leased and every tick would
 * pay for an index it never reads.
 */
export async function up(db: Knex): Promise<void> {
  if (db.client.config.client !== 'pg') return;
  await db.raw(`CREATE INDEX IF NOT EXISTS actors_owner_active ON actors (owner) WHERE status = 'active'`);
}

export async function down(db: Knex): Promise<void> {
  if (db.client.config.client !== 'pg') return;
  await db.raw('DROP INDEX IF EXISTS actors_owner_active');
}
