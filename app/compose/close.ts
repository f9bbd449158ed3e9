import type http from 'node:http';
import type { Logger } from 'pino';
import type { Db } from '../../storage/db.js';
import { flushLogger } from '../../runtime/logger.js';
import { settleDatabase } from './settleDatabase.js';

/** What `closeRuntime` stops, each by the one call it needs. */
export interface ClosingParts {
  eventsOut: { closeStreams(): Promise<void>; close(): Promise<void> };
  /** Undefined when the runtime never listened. */
  server: http.Server | undefined;
  /** Durable plugin runs (the chat sync): their runs end once the actor host stopped them. */
  pluginRuns: { drained(): Promise<void> } | undefined;
  scheduler: { stop(): Promise<void> };
  actorHost: { stop(): Promise<void> };
  model: { close(): Promise<void> };
  tools: { close(): Promise<void> };
  idempotency: { stop(): void };
  keys: { close(): Promise<void> };
  /** Detaches the database timing and outcome counting (buildMetrics' `stop`). */
  stopMetrics(): void;
  db: Db;
  releaseDataDir: (() => void) | undefined;
  logger: Logger;
  /** Sends the spans still batched and ends the trace exporter (runtime/telemetry/createTracing.ts). */
  tracing: { shutdown(): Promise<void> };
  /** The shutdown limit (CREWD_SHUTDOWN_MS): requests still open after it are cut, pending reads are not waited for past it. */
  limitMs: number;
}

/**
 * Lets in-flight requests finish (cutting what is still open after `limitMs`); resolves once the server closed.
 */
async function drainServer(server: http.Server, limitMs: number): Promise<void> {
  const closing = new Promise<void>((resolve) => server.close(() => resolve()));
  // Connections that finish their request while we wait become idle: close those too, and
  // after the grace period cut whatever is still open.
  const sweep = setInterval(() => server.closeIdleConnections(), 50);
  const deadline = setTimeout(() => server.closeAllConnections(), limitMs);
  server.closeIdleConnections();
  await closing;
  clearInterval(sweep);
  clearTimeout(deadline);
}

/**
 * The ordered shutdown: stop accepting and drain HTTP, stop the timers, finish the webhook
 * attempts in flight, stop the actors (writing what they left), then close the database, release
 * the data directory and flush the log.
 * Each step relies on the ones before it; do not reorder.
 */
export async function closeRuntime(parts: ClosingParts): Promise<void> {
  // A bound on this process's own wait, so elapsed time (monotonic), not the service's clock.
  const deadline = performance.now() + parts.limitMs;
  // Upgraded (WebSocket) sockets would hold server.close() open: close the streams first.
  await parts.eventsOut.closeStreams();
  // Half the limit for open requests: the rest of the shutdown gets the other half.
  if (parts.server) await drainServer(parts.server, Math.round(parts.limitMs / 2));
  // Actors persist and stop before the database goes away.
  await parts.scheduler.stop();
  // After the timers stopped, before the host stops: webhook attempts in flight finish and the
  // host's last ticks store them.
  await parts.eventsOut.close();
  await parts.actorHost.stop();
  // The host stopped the plugin run actors (aborting their runs): wait for the runs to end.
  await parts.pluginRuns?.drained();
  await parts.model.close();
  await parts.tools.close();
  parts.idempotency.stop();
  await parts.keys.close();
  parts.stopMetrics();
  await settleDatabase(parts.db, deadline);
  await parts.db.destroy();
  if (parts.releaseDataDir) {
    parts.releaseDataDir();
    process.removeListener('exit', parts.releaseDataDir);
  }
  // Last: the stages and webhook attempts stopped above have ended their spans.
  await parts.tracing.shutdown().catch((error: unknown) => parts.logger.warn({ err: error }, 'trace export at shutdown failed'));
  flushLogger(parts.logger);
}
