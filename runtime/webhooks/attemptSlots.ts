/**
 * Bounds the attempts in flight at once. `acquire` takes a slot at once when one is free (true);
 * otherwise the caller awaits `wait()`, which resolves when a finished attempt hands its slot over.
 * After `open()` (a shutdown) every waiter goes through at once and nothing waits again: the
 * attempts then see the dispatcher stopping and give up without sending.
 */
export interface AttemptSlots {
  /** Takes a slot when one is free (or the slots are open); false means `wait()` for one. */
  acquire(): boolean;
  /** Resolves when a finished attempt hands its slot over to this waiter. */
  wait(): Promise<void>;
  /** Hands the slot to the next waiter, or frees it. */
  release(): void;
  /** Shutdown: every waiter goes through at once and nothing waits again. */
  open(): void;
}

export function createAttemptSlots(concurrency: number): AttemptSlots {
  let inFlight = 0;
  let mode: 'bounded' | 'open' = 'bounded';
  const queue: Array<() => void> = [];

  const slots: AttemptSlots = {
    acquire(): boolean {
      if (inFlight < concurrency || mode === 'open') {
        inFlight++;
        return true;
      }
      return false;
    },
    wait(): Promise<void> {
      return new Promise<void>((resolve) => queue.push(resolve));
    },
    release(): void {
      const next = queue.shift();
      if (next) next();
      else inFlight--;
    },
    open(): void {
      mode = 'open';
      for (const resolve of queue.splice(0)) {
        inFlight++;
        resolve();
      }
    },
  };
  return slots;
}
