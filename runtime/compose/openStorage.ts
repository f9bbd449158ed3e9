import { lockDataDir } from '../../storage/dataDirLock.js';
import { openDb, type Db } from '../../storage/db.js';
import { createRepositories, type Repositories } from '../../storage/index.js';
import { migrateLatest } from '../../storage/migrate.js';
import type { Config } from '../config.js';

/** The migrated database, its repositories and, for a serving process on SQLite, the data directory's lock. */
export interface Storage {
  db: Db;
  repos: Repositories;
  /** Releases the data directory's lock (also registered on process exit); undefined when none was taken. */
  releaseDataDir: (() => void) | undefined;
}

/**
 * Takes the data directory's lock when `serving` on SQLite, opens the database and migrates it to
 * the latest schema. The lock is taken first so a second server fails before touching the file.
 */
export async function openStorage(config: Config, serving: boolean): Promise<Storage> {
  // One serving process per SQLite data directory (admin commands may open it beside the server).
  const releaseDataDir = serving && !config.databaseUrl ? lockDataDir(config.dataDir) : undefined;
  if (releaseDataDir) process.once('exit', releaseDataDir);
  const db: Db = openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: config.dbPoolMax });
  await migrateLatest(db);
  return { db, repos: createRepositories(db), releaseDataDir };
}
