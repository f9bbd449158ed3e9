import type { Db } from './db.js';
import { migrationSource } from './migrations/index.js';

const config = { migrationSource, tableName: 'crewd_migrations' };

/** Brings the schema up to date; returns the names of the migrations it ran. */
export async function migrateLatest(db: Db): Promise<string[]> {
  const [, names] = (await db.migrate.latest(config)) as [number, string[]];
  return names;
}

/** Rolls back every migration (tests and `crewd migrate --down`). */
export async function migrateDownAll(db: Db): Promise<string[]> {
  const [, names] = (await db.migrate.rollback(config, true)) as [number, string[]];
  return names;
}

export async function migrationStatus(db: Db): Promise<{ completed: string[]; pending: string[] }> {
  const [completed, pending] = (await db.migrate.list(config)) as [Array<{ name: string } | string>, Array<unknown>];
  return {
    completed: completed.map((entry) => (typeof entry === 'string' ? entry : entry.name)),
    pending: pending.map((entry) => migrationSource.getMigrationName(entry as never)),
  };
}
