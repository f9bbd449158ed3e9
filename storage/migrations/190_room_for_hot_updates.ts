import type { Knex } from 'knex';

/**
 * Room on each page of `actors` and `outcomes` for their rows' next versions (Postgres). Both rows
 * are rewritten at nearly every step of an outcome; an update that finds room on its row's page is
 * a heap-only tuple (HOT): no new entry in any of the table's indexes, and no dead entry for the
 * next index scan (a tick's fencing read of its actors) to step over. Filled to the brim, as
 * Postgres fills a table by default, 16% of actor updates were HOT in the scale bench (one
 * process); with 30% of each page kept free, 35% (four processes). SQLite rewrites rows in place
 * and has no such setting. Pages written before this migration keep their fill until rewritten.
 */
export async function up(db: Knex): Promise<void> {
  if (db.client.config.client !== 'pg') return;
  await db.raw('ALTER TABLE actors SET (fillfactor = 70)');
  await db.raw('ALTER TABLE outcomes SET (fillfactor = 70)');
}

export async function down(db: Knex): Promise<void> {
  if (db.client.config.client !== 'pg') return;
  await db.raw('ALTER TABLE actors RESET (fillfactor)');
  await db.raw('ALTER TABLE outcomes RESET (fillfactor)');
}
