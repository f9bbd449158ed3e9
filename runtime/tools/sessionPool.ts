import type { McpSession } from './session.js';

export interface SessionPoolOptions {
  /** Opens a session to the connection's server (its hooks report a closed transport). */
  open(): Promise<McpSession>;
  /** How long to wait before opening again after `failures` failed opens in a row (ms). */
  backoffMs(failures: number): number;
  now(): number;
  /** Ping interval of a remote session (0: none; in-process plugin sessions never need one). */
  healthCheckMs: number;
  pingTimeoutMs: number;
  /** The held session failed its health check. */
  onLost(error: unknown): void;
  /** A failed open, for the connect answer and the log. */
  onOpenFailed(error: unknown): void;
}

/**
 * The sessions of one tool connection in this process, the same on every process: one live MCP
 * session shared by the connection's calls. The connection's chart fills it when it connects
 * here (`hold`); any process opens one on demand for its calls (`acquire`), once for concurrent
 * callers, and after a failed open waits out the backoff before trying again rather than making
 * every call wait for a server that is down. A broken session is dropped and the next call opens
 * another. Invariant: at most one session and one heartbeat at a time; `drop` and `close` leave
 * neither.
 */
export interface SessionPool {
  /** The session held now, if any (no open is started). */
  current(): McpSession | undefined;
  /** Holds a session the connection's chart opened here, replacing (and closing) any held one. */
  hold(opened: McpSession): void;
  /** The pooled session, opened on demand; undefined while the server cannot be reached. */
  acquire(): Promise<McpSession | undefined>;
  /** Lets the session go without waiting for it to close (a state chart action, a lost session). */
  drop(): void;
  /** Closes the session and waits for it (shutdown); the pool holds nothing after. */
  close(): Promise<void>;
}

export function createSessionPool(options: SessionPoolOptions): SessionPool {
  let session: McpSession | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let opening: Promise<void> | undefined;
  let failures = 0;
  let nextOpenAt = 0;
  let closed = false;

  function take(): McpSession | undefined {
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = undefined;
    const taken = session;
    session = undefined;
    return taken;
  }

  function hold(opened: McpSession): void {
    // A connect that finished after the pool was closed (shutdown, hand-over) keeps nothing.
    if (closed) return void opened.close();
    void take()?.close();
    session = opened;
    failures = 0;
    nextOpenAt = 0;
    if (opened.transportKind === 'memory' || options.healthCheckMs <= 0) return;
    heartbeat = setInterval(() => {
      session?.ping(options.pingTimeoutMs).catch((error) => options.onLost(error));
    }, options.healthCheckMs);
    heartbeat.unref();
  }

  return {
    current: () => session,
    hold,
    /** The pooled session, opened on demand; undefined while the server cannot be reached. */
    async acquire(): Promise<McpSession | undefined> {
      if (session || closed) return session;
      if (options.now() < nextOpenAt) return undefined;
      opening ??= (async () => {
        try {
          hold(await options.open());
        } catch (error) {
          failures += 1;
          nextOpenAt = options.now() + options.backoffMs(failures);
          options.onOpenFailed(error);
        } finally {
          opening = undefined;
        }
      })();
      await opening;
      return session;
    },
    /** Lets the session go without waiting for it to close (a state chart action, a lost session). */
    drop(): void {
      void take()?.close();
    },
    /** Closes the session and waits for it (shutdown); the pool holds nothing after. */
    async close(): Promise<void> {
      closed = true;
      await opening;
      await take()?.close();
    },
  };
}
