import { connectionPools, type Db } from '../../storage/db.js';

/** The next turn of the event loop: reads batched in this one (runtime/turnBatch.ts) are asked for then. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Resolves once no query holds or waits for a connection, or at `deadline` (epoch ms). Called
 * after the actors stopped and before the pool is destroyed: reads their steps had already asked
 * for (e.g. a restore loading a thousand outcomes' inputs) finish instead of being aborted by
 * `destroy()`, which knex reports as one "Acquire connection error" stack per waiting query.
 * A read batched for the next turn (the stage-job loader's) has not asked for a connection yet, so
 * the pool counts as idle only when it is still idle after that turn: a batch that fired after
 * the check used to ask a pool being destroyed, wait out knex's 60 s acquire timeout and print
 * those stacks after close() had returned.
 * `deadline` is in `performance.now()` time: a bound on the process's own wait, not a date.
 */
export async function settleDatabase(db: Db, deadline: number): Promise<void> {
  const pools = connectionPools(db);
  if (pools.length === 0) return;
  const busy = () => pools.some((pool) => pool.numUsed() + pool.numPendingAcquires() > 0);
  while (performance.now() < deadline) {
    await nextTurn();
    if (!busy()) return;
    while (busy() && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
