import type { Logger } from 'pino';
import type { HttpApp } from '../../http/app.js';
import type { Config } from '../../runtime/config.js';
import { closeRuntime, type ClosingParts } from './close.js';
import { createHttpServer } from './createHttpServer.js';
import type { EventsOut } from './eventsOut.js';
import { listen } from './listen.js';
import { probesOnly } from './probesOnly.js';
import type { Runtime } from '../ports.js';

/** The runtime's lifecycle: `listen`, the server it made, `close`. */
export type RuntimeLifecycle = Pick<Runtime, 'listen' | 'server' | 'close'>;

/**
 * Starts serving and stops the runtime. `listen` serves the API, or only probes and /metrics on a
 * worker-only process (--no-api), and attaches the outcome stream to the server. `close` ends,
 * in order: the MCP sessions and subscription streams (they would hold the HTTP drain open), the
 * outcome engine, the cluster notices, the command forwarding, then everything `closeRuntime`
 * stops (the server drains before the database closes), and last the rate limiter.
 */
export function runtimeLifecycle(parts: {
  config: Config;
  app: HttpApp['app'];
  logger: Logger;
  eventsOut: Pick<EventsOut, 'attach'>;
  mcp: { close(): Promise<unknown> };
  engine: { stop(): void };
  signals: { close(): Promise<void> };
  commands: { close(): Promise<void> } | undefined;
  closing: Omit<ClosingParts, 'server' | 'logger' | 'limitMs'>;
  rateLimiter: { close(): Promise<void> };
}): RuntimeLifecycle {
  const { config, logger } = parts;
  let server: Runtime['server'];
  return {
    async listen(port = config.port, host = config.host): Promise<string> {
      // A worker-only process (--no-api) answers its probes and /metrics, nothing else.
      server = createHttpServer(config.roles.api ? parts.app.callback() : probesOnly(parts.app.callback()), config, logger);
      const url = await listen(server, port, host);
      parts.eventsOut.attach(server, url);
      return url;
    },
    get server() {
      return server;
    },
    async close(): Promise<void> {
      // MCP sessions and subscription streams would hold the HTTP drain open: end them first.
      await parts.mcp.close();
      parts.engine.stop();
      await parts.signals.close();
      await parts.commands?.close();
      await closeRuntime({ ...parts.closing, server, logger, limitMs: config.shutdownMs });
      await parts.rateLimiter.close();
    },
  };
}
