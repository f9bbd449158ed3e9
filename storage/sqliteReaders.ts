import knex, { type Knex } from 'knex';

/** Reader connections at most: reads run beside each other and beside the writer (libuv runs four at once). */
const maxReaders = 2;
/** A reader left unused this long is closed (ms); the next read opens one again. */
const readerIdleMs = 30_000;
/** How long a read waits out a lock before failing (ms): only a WAL reset or recovery takes one from readers. */
const readerBusyMs = 5_000;
/** Each reader's page cache, in KiB (16 MiB): the OS page cache holds the rest; memory outside the V8 heap, taken as used. */
const readerCacheKiB = 16_384;

/** The parts of knex's internals the routing uses (knex 3: `client.runner`, `Runner.ensureConnection`). */
interface RoutedRunner {
  connection: unknown;
  ensureConnection(cb: (runner: RoutedRunner, params?: unknown) => Promise<unknown>, params?: unknown): Promise<unknown>;
}
interface RoutedBuilder {
  _method?: string;
  _connection?: unknown;
  sql?: unknown;
}
interface RoutedClient {
  runner(builder: RoutedBuilder): RoutedRunner;
  destroy(callback?: (error?: unknown) => void): Promise<void>;
}
interface ReaderClient {
  acquireConnection(): Promise<unknown>;
  releaseConnection(connection: unknown): Promise<void>;
  pool?: PoolCounters;
}

/** A connection pool's counters (tarn, under knex). */
export interface PoolCounters {
  numUsed(): number;
  numPendingAcquires(): number;
}

/** The reader pool of each routed database (absent for Postgres and for a database opened without readers). */
const readerPools = new WeakMap<Knex, () => PoolCounters | undefined>();

/** The reader connections' pool of `db`, when it has one (db.ts `connectionPools`). */
export function readerPoolOf(db: Knex): PoolCounters | undefined {
  return readerPools.get(db)?.();
}

const readStatement = /^\s*(select|with)\b/i;
const writeWord = /\b(insert|update|delete|replace)\b/i;

/**
 * True for a statement that only reads: a query builder's select, `first` or `pluck`, or raw SQL
 * that starts with `select` or `with` and names no write (a `with ... insert` goes to the writer).
 * Anything else (writes, schema changes, pragmas) stays on the writer.
 */
export function isReadOnly(builder: RoutedBuilder): boolean {
  if (builder._method === 'select' || builder._method === 'first' || builder._method === 'pluck') return true;
  return builder._method === undefined && typeof builder.sql === 'string' && readStatement.test(builder.sql) && !writeWord.test(builder.sql);
}

/**
 * SQLite's reads off the writer's connection (issue 30). The database has one writer connection,
 * which keeps its transactions serial; a read outside a transaction queued behind them, and held
 * that one connection while its answer waited for the main thread. In WAL mode SQLite lets readers
 * run beside the writer, each on the last committed state when its statement began; so every
 * read-only statement that is not part of a transaction goes to a small pool of read-only
 * connections (`query_only`), and the writer's connection runs only writes and transactions.
 *
 * Invariants: a statement inside a transaction (`trx(...)`, `builder.transacting`) runs on the
 * transaction's connection, so a transaction reads its own writes; a read that begins after a
 * write's promise resolved sees that write (WAL: a read sees every commit that finished before it
 * began); a read never sees another transaction's uncommitted rows. The reader pool is closed with
 * the writer (`db.destroy()`).
 */
export function routeReadsToReaders(db: Knex, filename: string, log?: Knex.Config['log']): Knex {
  const readers = knex({
    client: 'sqlite3',
    connection: { filename },
    useNullAsDefault: true,
    ...(log ? { log } : {}),
    pool: {
      min: 0,
      max: maxReaders,
      idleTimeoutMillis: readerIdleMs,
      afterCreate(conn: { configure(option: 'busyTimeout', ms: number): void; run(sql: string, cb: (err: Error | null) => void): void }, done: (err: Error | null, conn: unknown) => void) {
        conn.configure('busyTimeout', readerBusyMs);
        conn.run('PRAGMA query_only = ON', (err) => {
          if (err) return done(err, conn);
          conn.run(`PRAGMA cache_size = -${readerCacheKiB}`, (err2) => done(err2, conn));
        });
      },
    },
  });
  // knex types its client `any`: these are the parts used, as knex 3 has them.
  const client: RoutedClient = db.client;
  const readerClient: ReaderClient = readers.client;
  readerPools.set(db, () => readerClient.pool);
  // An own property of the root client only: a transaction's client is made from the prototype
  // (knex's makeTxClient), so statements of a transaction keep the transaction's connection.
  const runner = client.runner.bind(client);
  client.runner = (builder) => {
    const made = runner(builder);
    if (builder._connection || !isReadOnly(builder)) return made;
    made.ensureConnection = async (cb, params) => {
      const connection = await readerClient.acquireConnection();
      try {
        made.connection = connection;
        return await cb(made, params);
      } finally {
        await readerClient.releaseConnection(connection);
      }
    };
    return made;
  };
  const destroy = client.destroy.bind(client);
  client.destroy = async (callback) => {
    await readers.destroy();
    return destroy(callback);
  };
  return db;
}
