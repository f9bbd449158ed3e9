import type { Worker } from 'node:worker_threads';

/**
 * The requests bound for each model worker, posted once per turn of the event loop: the requests
 * of one turn cross to their worker in one message after it (`setImmediate`). A commit releases
 * dozens of outcomes in one turn, each asking for a step, and a message costs both threads a
 * wake-up and a serialisation of its own (issue 30: 5-6 messages per outcome were a tenth of the
 * main thread's time with the local model; docs/decisions.md).
 *
 * Invariants: requests reach a worker in the order they were posted; a request that cannot be
 * cloned fails alone (`failed` with the error; the rest of its batch is sent one by one) and is
 * never thrown outside its caller.
 */
export interface WorkerOutbox {
  /** Queues `request` (with its `id`) for `worker`, sent at the end of this turn. */
  post(worker: Worker, request: { id: number } & Record<string, unknown>): void;
  /** Forgets what waits for `worker` (it exited: its callers are answered elsewhere). */
  drop(worker: Worker): void;
  /** Forgets everything (the pool closed). */
  clear(): void;
}

export function createWorkerOutbox(failed: (id: number, error: Error) => void): WorkerOutbox {
  const outboxes = new Map<Worker, Array<{ id: number } & Record<string, unknown>>>();

  function send(worker: Worker): void {
    const batch = outboxes.get(worker);
    outboxes.delete(worker);
    if (!batch) return;
    try {
      worker.postMessage(batch);
    } catch {
      for (const one of batch) {
        try {
          worker.postMessage([one]);
        } catch (error) {
          failed(one.id, error as Error);
        }
      }
    }
  }

  return {
    post(worker, request) {
      const outbox = outboxes.get(worker);
      if (outbox) return void outbox.push(request);
      outboxes.set(worker, [request]);
      setImmediate(() => send(worker));
    },
    drop: (worker) => void outboxes.delete(worker),
    clear: () => outboxes.clear(),
  };
}
