import type { ApiKeysRepository } from '../../storage/repositories/apiKeys.js';

/** What the key service keeps of its revocation watch: the means to stop it. */
export interface RevocationWatch {
  /** Stops the polling and waits for a read under way, so nothing reads the database after it. */
  close(): Promise<void>;
}

/**
 * Watches the database's key revocation version, so a revoke by another process (the CLI, another
 * node) reaches this one's key cache within `pollMs`. Invariants: at most one read at a time (a
 * slow database never stacks reads); `onMoved` is called after the first read whatever it says (a
 * key cached before the watch began may have been revoked since) and then whenever the version
 * moved; a failed read goes to `onError` and the next tick reads again. `pollMs` 0 turns it off.
 */
export function watchRevocations(deps: {
  apiKeys: Pick<ApiKeysRepository, 'revocationVersion'>;
  pollMs: number;
  onMoved(): void;
  onError?(error: unknown, message: string): void;
}): RevocationWatch {
  let seen: number | undefined;
  let watching: Promise<void> | undefined;
  async function read(): Promise<void> {
    const version = await deps.apiKeys.revocationVersion();
    // The first read clears too: a key cached before it may have been revoked since.
    if (version !== seen) deps.onMoved();
    seen = version;
  }
  const timer =
    deps.pollMs > 0
      ? setInterval(() => {
          if (watching) return; // a slow database: one read at a time
          watching = read()
            .catch((error) => deps.onError?.(error, 'reading the key revocation version failed'))
            .finally(() => (watching = undefined));
        }, deps.pollMs)
      : undefined;
  timer?.unref();
  return {
    async close(): Promise<void> {
      if (timer) clearInterval(timer);
      await watching;
    },
  };
}
