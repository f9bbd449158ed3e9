import fs from 'node:fs';
import path from 'node:path';
import knex, { type Knex } from 'knex';
import { readerPoolOf, routeReadsToReaders, type PoolCounters } from './sqliteReaders.js';

export type Db = Knex;

export interface DbOptions {
  /** postgres://... ; when absent, SQLite at `<dataDir>/crewd.sqlite`. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Postgres pool size; SQLite always has one writer connection (reads outside a transaction use read-only ones, sqliteReaders.ts). */
  poolMax?: number;
  /**
   * Where knex's own messages go (pool acquire errors during an outage, deprecations). Without
   * it knex prints plain text to the console beside the JSON log lines.
   */
  log?: DbLog;
  /**
   * Postgres ends a session left idle inside a transaction for longer (ms): a process paused
   * mid-transaction (SIGSTOP, a long GC) must not hold row locks that keep the other processes
   * from taking its actors over (DESIGN section 3). Unset: no limit.
   */
  idleInTransactionMs?: number;
}

/** knex's log hooks; each receives knex's message (text or an object). */
export interface DbLog {
  warn(message: unknown): void;
  error(message: unknown): void;
  deprecate(message: unknown): void;
  debug(message: unknown): void;
}

/**
 * Creates the SQLite file 0600 before SQLite opens it (and tightens an existing one): SQLite gives
 * its -wal and -shm files the database file's mode, so all three stay readable by this user only,
 * like the secrets key file beside them.
 */
function ownerOnlyDatabaseFile(file: string): void {
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  for (const suffix of ['', '-wal', '-shm']) {
    try {
      fs.chmodSync(file + suffix, 0o600);
    } catch {
      // -wal and -shm exist only while (or after) a database was open
    }
  }
}

/** SQLite's page cache for the writer connection, in KiB (64 MiB). */
const sqliteCacheKiB = 65_536;

/** Opens the database: SQLite in WAL mode (one writer connection, reads beside it), or a Postgres pool. */
export function openDb(options: DbOptions): Db {
  if (options.databaseUrl) {
    return knex({
      client: 'pg',
      connection: options.idleInTransactionMs ? { connectionString: options.databaseUrl, idle_in_transaction_session_timeout: options.idleInTransactionMs } : options.databaseUrl,
      pool: { min: 0, max: options.poolMax ?? 10 },
      ...(options.log ? { log: options.log } : {}),
    });
  }
  fs.mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  const filename = path.join(options.dataDir, 'crewd.sqlite');
  ownerOnlyDatabaseFile(filename);
  const writer = knex({
    client: 'sqlite3',
    connection: { filename },
    useNullAsDefault: true,
    ...(options.log ? { log: options.log } : {}),
    // One writer connection: SQLite has one writer, and a single connection keeps transactions
    // serial. Reads outside a transaction run on their own connections (sqliteReaders.ts).
    pool: {
      min: 1,
      max: 1,
      afterCreate(conn: { run(sql: string, cb: (err: Error | null) => void): void }, done: (err: Error | null, conn: unknown) => void) {
        conn.run('PRAGMA journal_mode = WAL', (err) => {
          if (err) return done(err, conn);
          conn.run('PRAGMA synchronous = NORMAL', (err2) => {
            if (err2) return done(err2, conn);
            conn.run('PRAGMA foreign_keys = ON', (err3) => {
              if (err3) return done(err3, conn);
              // SQLite's default page cache is 2 MB. The events table's unique indexes take random
              // keys (event and outcome ids), so with the default most event inserts missed the
              // cache and read their index pages back from the OS: the events insert was half of
              // the SQLite thread's time per outcome (issue 30). Memory outside the V8 heap, taken
              // only as pages are used; durability does not depend on it.
              conn.run(`PRAGMA cache_size = -${sqliteCacheKiB}`, (err4) => done(err4, conn));
            });
          });
        });
      },
    },
  });
  return routeReadsToReaders(writer, filename, options.log);
}

/**
 * The connection pools of `db` (tarn, under knex): the writer's or Postgres's, and on SQLite the
 * readers' (sqliteReaders.ts). `settleDatabase` waits until none holds or waits for a connection.
 */
export function connectionPools(db: Db): PoolCounters[] {
  return [(db.client as { pool?: PoolCounters }).pool, readerPoolOf(db)].filter((pool): pool is PoolCounters => pool !== undefined);
}

export function isPostgres(db: Db): boolean {
  return db.client.config.client === 'pg';
}
