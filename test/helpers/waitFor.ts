import { setImmediate as yieldToLoop } from 'node:timers/promises';

/**
 * Waits until `condition` holds (returns a truthy value, which is returned), checking after every
 * turn of the event loop and then every `everyMs`. No fixed sleep decides a test's outcome: the
 * deadline only turns a condition that never holds into a failure naming `what`.
 */
export async function waitFor<T>(condition: () => T | Promise<T>, what: string, options: { timeoutMs?: number; everyMs?: number } = {}): Promise<NonNullable<T>> {
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  const every = options.everyMs ?? 10;
  for (;;) {
    const value = await condition();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await yieldToLoop();
    await new Promise((resolve) => setTimeout(resolve, every));
  }
}
