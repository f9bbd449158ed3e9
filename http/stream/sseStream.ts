import type http from 'node:http';
import type { WebSocket } from 'ws';
import { SseSocket } from './sseSocket.js';

/** Opens an SSE response (the outcome already authorized) as a stream the `ws` side would serve. */
export type SseOpener = (res: http.ServerResponse, workspaceId: string, outcomeId: string, after: number) => Promise<void>;

/**
 * Writes the Server-Sent Events head on `res` and hands an `SseSocket` over it to `open` (the
 * stream's catch-up), so the outcome stream's hubs serve it exactly as they serve a WebSocket.
 */
export function openSseResponse(res: http.ServerResponse, open: (socket: WebSocket) => Promise<void>): Promise<void> {
  res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' });
  res.flushHeaders();
  // The hubs know WebSocket; SseSocket provides every member they touch (see its comment).
  return open(new SseSocket(res) as unknown as WebSocket);
}
