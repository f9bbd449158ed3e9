import type http from 'node:http';
import { SseSocket } from './sseSocket.js';
import type { StreamSocket } from './streamSocket.js';

/** Opens an SSE response (the outcome already authorized) as a stream the `ws` side would serve. */
export type SseOpener = (res: http.ServerResponse, workspaceId: string, outcomeId: string, after: number) => Promise<void>;

/**
 * Writes the Server-Sent Events head on `res` and hands an `SseSocket` over it to `open` (the
 * stream's catch-up), so the outcome stream's hubs serve it exactly as they serve a WebSocket.
 */
export function openSseResponse(res: http.ServerResponse, open: (socket: StreamSocket) => Promise<void>): Promise<void> {
  res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' });
  res.flushHeaders();
  return open(new SseSocket(res));
}
