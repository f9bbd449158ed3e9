/**
 * In-memory fixed windows for the rate limiter's one-process path: a subject's window opens at its
 * first request and lasts `durationMs`; every request in it counts, refused ones too (as
 * rate-limiter-flexible's memory store counts them). Synchronous and allocation-light: the request
 * path pays one Map lookup and one increment. Expired windows are swept at most once per duration.
 */
export function createRateLimitWindows(nowMs: () => number, durationMs = 60_000) {
  const windows = new Map<string, { endsAtMs: number; used: number }>();
  let nextSweepMs = 0;

  function sweep(now: number) {
    nextSweepMs = now + durationMs;
    for (const [key, window] of windows) if (window.endsAtMs <= now) windows.delete(key);
  }

  return {
    /** Counts one request of `key`; returns how many the window holds now and when it ends. */
    consume(key: string): { used: number; endsAtMs: number } {
      const now = nowMs();
      if (now >= nextSweepMs) sweep(now);
      let window = windows.get(key);
      if (!window || window.endsAtMs <= now) {
        window = { endsAtMs: now + durationMs, used: 0 };
        windows.set(key, window);
      }
      window.used += 1;
      return window;
    },
    /** The live window of `key`, without counting; undefined when none is open. */
    peek(key: string): { used: number; endsAtMs: number } | undefined {
      const window = windows.get(key);
      return window && window.endsAtMs > nowMs() ? window : undefined;
    },
  };
}
