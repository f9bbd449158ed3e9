import http from 'node:http';
import type { Logger } from 'pino';
import { clientErrorHandler } from '../../http/clientError.js';
import type { Config } from '../../runtime/config.js';

/**
 * The HTTP server for `handler`, with the configured request and header timeouts and malformed
 * requests answered by `clientErrorHandler`. It does not listen yet (see `listen`).
 */
export function createHttpServer(handler: http.RequestListener, config: Config, logger: Logger): http.Server {
  const server = http.createServer(
    {
      // A client gets this long to send its request (a body trickling a byte every 5 s is cut),
      // checked every second rather than Node's default 30 s.
      requestTimeout: config.requestTimeoutMs,
      headersTimeout: config.headersTimeoutMs,
      connectionsCheckingInterval: 1_000,
      // Node would answer a request without Host with a bare 400; the app answers it in the error shape.
      requireHostHeader: false,
    },
    handler,
  );
  server.keepAliveTimeout = 65_000;
  server.on('clientError', clientErrorHandler(logger));
  return server;
}
