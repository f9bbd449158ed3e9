/**
 * The parts of a `ws` WebSocket that the stream's hubs, catch-up and heartbeat use. A WebSocket
 * has them, and so does `SseSocket` (a Server-Sent Events response), so both kinds of client ride
 * the same hubs; `readyState` takes the WebSocket constants (`WebSocket.OPEN`, `WebSocket.CLOSED`).
 */
export interface StreamSocket {
  readonly readyState: number;
  /** Bytes written but not yet flushed to the client. */
  readonly bufferedAmount: number;
  send(data: Buffer, options?: { binary?: boolean }): void;
  close(code?: number, reason?: string): void;
  ping(): void;
  terminate(): void;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'pong' | 'close' | 'message', listener: () => void): unknown;
}
