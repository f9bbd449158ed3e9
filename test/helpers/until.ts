import { setImmediate as yieldToLoop } from 'node:timers/promises';

/** How long `until` waits and how often it asks. */
export interface UntilOptions {
  /**
   * The deadline, from the call. Default 180 s: only a hang reaches it. 60 s was tight at load 30
   * (other jobs beside the suite): an outcome with one tool call took 45 s there, and its Postgres
   * twin failed. ava's own inactivity timeout (300 s) still ends a test that waits longer.
   */
  timeoutMs?: number;
  /** The pause between two probes (default 20 ms). */
  everyMs?: number;
  /**
   * When set, the pause grows by half after each probe up to this: for probes that cost the server
   * CPU (an HTTP poll costs about 2 ms of CPU) and wait seconds for a state that, once
   * reached, stays (a settled outcome). A probe for a passing state keeps a fixed pause.
   */
  maxEveryMs?: number;
}

/**
 * The suite's one polling helper: asks `probe` until it gives a truthy value, and returns that value.
 * A probe may throw to fail at once (a process that exited). No fixed sleep decides a test: the
 * deadline only turns a condition that never holds into a failure naming `what` and, when the probe
 * gave one, its last value.
 */
export async function until<T>(probe: () => T | Promise<T>, what: string, options: UntilOptions | number = {}): Promise<NonNullable<T>> {
  const { timeoutMs = 180_000, everyMs = 20, maxEveryMs = everyMs } = typeof options === 'number' ? { timeoutMs: options } : options;
  const deadline = Date.now() + timeoutMs;
  let pauseMs = everyMs;
  for (;;) {
    const value = await probe();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${value === undefined || value === false ? '' : ` (last: ${JSON.stringify(value)})`}`);
    await yieldToLoop();
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
    pauseMs = Math.min(maxEveryMs, Math.ceil(pauseMs * 1.5));
  }
}
