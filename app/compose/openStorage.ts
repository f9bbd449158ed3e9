import { lockDataDir } from '../../storage/dataDirLock.js';
import { openDb, type Db, type DbLog } from '../../storage/db.js';
import { ensureDatabase, MissingDatabaseError } from '../../storage/ensureDatabase.js';
import { privateDataDir } from '../../storage/privateDataDir.js';
import { ConfigError } from '../../runtime/configError.js';
import { createRepositories, type Repositories } from '../../storage/index.js';
import { migrateLatest, type NamedMigration } from '../../storage/migrate.js';
import type { Config } from '../../runtime/config.js';

/** The migrated database, its repositories and, for a serving process on SQLite, the data directory's lock. */
export interface Storage {
  db: Db;
  repos: Repositories;
  /** Releases the data directory's lock (also registered on process exit); undefined when none was taken. */
  releaseDataDir: (() => void) | undefined;
}

/**
 * Takes the data directory's lock when `serving` on SQLite, opens the database and migrates it to
 * the latest schema, the plugins' tables included (`migrations`, declared by the plugins). The lock
 * is taken first so a second server fails before touching the file.
 */
export async function openStorage(config: Config, serving: boolean, migrations: readonly NamedMigration[], log?: DbLog): Promise<Storage> {
  // The data directory holds the secrets key and exported documents even beside Postgres.
  privateDataDir(config.dataDir);
  // One serving process per SQLite data directory (admin commands may open it beside the server).
  const releaseDataDir = serving && !config.databaseUrl ? lockDataDir(config.dataDir) : undefined;
  if (releaseDataDir) process.once('exit', releaseDataDir);
  if (config.databaseUrl) {
    try {
      await ensureDatabase(config.databaseUrl);
    } catch (error) {
      releaseDataDir?.();
      if (error instanceof MissingDatabaseError) throw new ConfigError('CREWD_DATABASE_URL', error.message);
      throw error;
    }
  }
  // A session idle in a transaction for 5 s (CREWD_TRANSACTION_IDLE_MS, never more than a lease)
  // is a paused process: Postgres ends it, so its row locks (a workspace's credits, an actor's row)
  // stall the other processes' deploys and takeovers for that long at most (docs/leases.md).
  const idleInTransactionMs = Math.min(config.leaseMs, config.transactionIdleMs);
  const db: Db = openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: config.dbPoolMax, idleInTransactionMs, ...(log ? { log } : {}) });
  if (config.databaseUrl) {
    // Migrations run on a session of their own without that bound: a start on a busy machine may
    // leave a migration's transaction idle for seconds between statements, and ending it there
    // failed the start ("Client has encountered a connection error"); no deploy waits on it.
    const migrator = openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: 1, ...(log ? { log } : {}) });
    try {
      await migrateLatest(migrator, migrations);
    } finally {
      await migrator.destroy();
    }
  } else {
    await migrateLatest(db, migrations);
  }
  return { db, repos: createRepositories(db), releaseDataDir };
}
