/**
 * Polls `probe` every 50 ms until it gives a value, and returns it; throws naming `what` once
 * `timeoutMs` passed (a test waiting on a real process must end, not hang).
 */
export async function until<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
