/** Either end of a model worker's channel: the `Worker` on the main thread, `parentPort` inside it. */
export interface MessageTarget {
  postMessage(value: unknown): void;
}

/**
 * Messages bound for each end of a model worker's channel, posted once per turn of the event loop:
 * what one turn sends (the main thread's requests, the worker's answers) crosses in one message
 * after it (`setImmediate`). A commit releases dozens of outcomes in one turn, each asking for a
 * step, and a message costs both threads a wake-up and a serialisation of its own (issue 30: 5-6
 * messages per outcome were a tenth of the main thread's time with the local model;
 * docs/decisions.md).
 *
 * Invariants: messages reach a target in the order they were posted; one that cannot be cloned
 * fails alone (`failed` with the error; the rest of its batch is sent one by one) and is never
 * thrown outside its sender.
 */
export interface WorkerOutbox<T> {
  /** Queues `message` for `target`, sent at the end of this turn. */
  post(target: MessageTarget, message: T): void;
  /** Forgets what waits for `target` (a worker that exited: its callers are answered elsewhere). */
  drop(target: MessageTarget): void;
  /** Forgets everything (the pool closed). */
  clear(): void;
}

export function createWorkerOutbox<T>(failed: (message: T, error: Error, target: MessageTarget) => void): WorkerOutbox<T> {
  const outboxes = new Map<MessageTarget, T[]>();

  function send(target: MessageTarget): void {
    const batch = outboxes.get(target);
    outboxes.delete(target);
    if (!batch) return;
    try {
      target.postMessage(batch);
    } catch {
      for (const one of batch) {
        try {
          target.postMessage([one]);
        } catch (error) {
          failed(one, error as Error, target);
        }
      }
    }
  }

  return {
    post(target, message) {
      const outbox = outboxes.get(target);
      if (outbox) return void outbox.push(message);
      outboxes.set(target, [message]);
      setImmediate(() => send(target));
    },
    drop: (target) => void outboxes.delete(target),
    clear: () => outboxes.clear(),
  };
}
