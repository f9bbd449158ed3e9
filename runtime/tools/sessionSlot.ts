import type { McpSession } from './session.js';

/**
 * Holds a connection's live MCP session while it is active, with the health check that notices
 * a remote server that went away (in-process plugin sessions need none; `healthCheckMs` 0 turns
 * it off). Invariant: at most one
 * session and one heartbeat at a time; `drop` and `close` leave neither.
 */
export function createSessionSlot(options: { healthCheckMs: number; pingTimeoutMs: number; onLost: (error: unknown) => void }) {
  let session: McpSession | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let closed = false;

  function take(): McpSession | undefined {
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = undefined;
    const taken = session;
    session = undefined;
    return taken;
  }

  return {
    current: () => session,
    hold(opened: McpSession): void {
      // A connect that finished after the slot was closed (shutdown, hand-over) keeps nothing.
      if (closed) return void opened.close();
      void take()?.close();
      session = opened;
      if (opened.transportKind === 'memory' || options.healthCheckMs <= 0) return;
      heartbeat = setInterval(() => {
        session?.ping(options.pingTimeoutMs).catch((error) => options.onLost(error));
      }, options.healthCheckMs);
      heartbeat.unref();
    },
    /** Lets the session go without waiting for it to close (a state chart action). */
    drop(): void {
      void take()?.close();
    },
    /** Closes the session and waits for it (shutdown); the slot holds nothing after. */
    async close(): Promise<void> {
      closed = true;
      await take()?.close();
    },
  };
}
