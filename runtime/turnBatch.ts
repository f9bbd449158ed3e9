/** One caller of a batched read: gets its own value or its own error. */
export interface BatchWaiter<V> {
  resolve(value: V): void;
  reject(error: unknown): void;
}

/**
 * Reads asked for in one turn of the event loop, made together at the next (`setImmediate`):
 * callers by key, several callers of one key sharing it. `read` gets the whole batch and answers
 * every waiter in it (a value or an error each); nothing is kept between batches, so a caller
 * never reads what an earlier batch read. The stage-job and approval-policy loaders use it.
 */
export function createTurnBatch<V>(read: (batch: Map<string, BatchWaiter<V>[]>) => Promise<void>): (key: string) => Promise<V> {
  let queued = new Map<string, BatchWaiter<V>[]>();
  return (key) =>
    new Promise<V>((resolve, reject) => {
      if (queued.size === 0) {
        setImmediate(() => {
          const batch = queued;
          queued = new Map();
          void read(batch);
        });
      }
      const waiters = queued.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else queued.set(key, [{ resolve, reject }]);
    });
}
