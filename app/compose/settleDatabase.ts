import type { Db } from '../../storage/db.js';

/** The connection pool's counters (tarn, under knex). */
interface PoolCounters {
  numUsed(): number;
  numPendingAcquires(): number;
}

/**
 * Resolves once no query holds or waits for a connection, or at `deadline` (epoch ms). Called
 * after the actors stopped and before the pool is destroyed: reads their steps had already asked
 * for (e.g. a restore loading a thousand outcomes' inputs) finish instead of being aborted by
 * `destroy()`, which knex reports as one "Acquire connection error" stack per waiting query.
 * `deadline` is in `performance.now()` time: a bound on the process's own wait, not a date.
 */
export async function settleDatabase(db: Db, deadline: number): Promise<void> {
  const pool = (db.client as { pool?: PoolCounters }).pool;
  if (!pool) return;
  while (pool.numUsed() + pool.numPendingAcquires() > 0 && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
