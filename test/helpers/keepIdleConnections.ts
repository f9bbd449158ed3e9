import type { Server } from 'node:http';

/**
 * Keeps a fixture server's idle keep-alive connections open until it closes. Node's default
 * closes one after 5 s idle, and on a loaded machine (load 20 and more) a client's next request
 * can leave on that socket just as the server closes it: "socket hang up" or "fetch failed",
 * answered by crewd as a vendor fault, a failed delivery or a lost tool call. The real services
 * the fixtures stand for keep connections longer (crewd itself 65 s); `server.close()` still ends
 * idle connections at once.
 */
export function keepIdleConnections<T extends Server>(server: T): T {
  server.keepAliveTimeout = 120_000;
  return server;
}
