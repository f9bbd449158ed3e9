import type { ApiKeysRepository } from '../../storage/repositories/apiKeys.js';

/** What the key service keeps of its revocation watch: the means to stop it. */
export interface RevocationWatch {
  /** Reads the version now (a revoke's notice, notices that may have been lost); a read under way serves. */
  readNow(): void;
  /** Stops the polling and waits for a read under way, so nothing reads the database after it. */
  close(): Promise<void>;
}

/**
 * Watches the database's key revocation version, so a revoke by another process (the CLI, another
 * node) reaches this one's key cache within `pollMs`. Invariants: at most one read at a time (a
 * slow database never stacks reads); `onMoved` is called after the first read whatever it says (a
 * key cached before the watch began may have been revoked since) and then whenever the version
 * moved; a failed read goes to `onError` and the next tick reads again. `pollMs` 0 turns it off.
 * `readNow` reads at once (a revoke's notice): with notices the poll is only their safety net.
 */
export function watchRevocations(deps: {
  apiKeys: Pick<ApiKeysRepository, 'revocationVersion'>;
  pollMs: number;
  onMoved(): void;
  onError?(error: unknown, message: string): void;
}): RevocationWatch {
  let seen: number | undefined;
  let watching: Promise<void> | undefined;
  let closed = false;
  async function read(): Promise<void> {
    const version = await deps.apiKeys.revocationVersion();
    // The first read clears too: a key cached before it may have been revoked since.
    if (version !== seen) deps.onMoved();
    seen = version;
  }
  /** Asked again while a read was under way: that read may predate the revoke, so one more follows. */
  let again = false;
  function readNow(): void {
    if (closed) return;
    if (watching) {
      again = true; // a slow database: one read at a time
      return;
    }
    watching = read()
      .catch((error) => deps.onError?.(error, 'reading the key revocation version failed'))
      .finally(() => {
        watching = undefined;
        if (again) {
          again = false;
          readNow();
        }
      });
  }
  const poll = () => {
    if (!watching) readNow();
  };
  const timer = deps.pollMs > 0 ? setInterval(poll, deps.pollMs) : undefined;
  timer?.unref();
  return {
    readNow,
    async close(): Promise<void> {
      closed = true;
      if (timer) clearInterval(timer);
      await watching;
    },
  };
}
