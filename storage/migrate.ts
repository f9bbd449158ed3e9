import type { Db } from './db.js';
import { migrationSource, type NamedMigration } from './migrations/index.js';

export type { NamedMigration } from './migrations/index.js';

/**
 * `extra`: the plugins' migrations. A database may hold a plugin's applied steps while this process
 * runs without that plugin (a test's plugin list, a plugin removed): knex's check that every applied
 * name is still known would refuse to start, so it is off; the names themselves never change.
 */
function configOf(extra: readonly NamedMigration[]) {
  return { migrationSource: migrationSource(extra), tableName: 'crewd_migrations', disableMigrationsListValidation: true };
}

/** Brings the schema up to date; returns the names of the migrations it ran. */
export async function migrateLatest(db: Db, extra: readonly NamedMigration[] = []): Promise<string[]> {
  const [, names] = (await db.migrate.latest(configOf(extra))) as [number, string[]];
  return names;
}

/** Rolls back every migration (tests and `crewd migrate --down`). */
export async function migrateDownAll(db: Db, extra: readonly NamedMigration[] = []): Promise<string[]> {
  const [, names] = (await db.migrate.rollback(configOf(extra), true)) as [number, string[]];
  return names;
}

export async function migrationStatus(db: Db, extra: readonly NamedMigration[] = []): Promise<{ completed: string[]; pending: string[] }> {
  const config = configOf(extra);
  const [completed, pending] = (await db.migrate.list(config)) as [Array<{ name: string } | string>, Array<unknown>];
  return {
    completed: completed.map((entry) => (typeof entry === 'string' ? entry : entry.name)),
    pending: pending.map((entry) => (entry as [string])[0]),
  };
}
