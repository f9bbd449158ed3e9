import { EventEmitter } from 'node:events';
import type http from 'node:http';
import { WebSocket } from 'ws';
import type { StreamSocket } from './streamSocket.js';

/**
 * A Server-Sent Events response shaped like the few parts of a `ws` WebSocket that the stream's
 * hubs and catch-up use (readyState, bufferedAmount, send, close, ping, terminate, 'close'/'pong'),
 * so SSE clients ride the very same hubs and catch-up as WebSocket ones: one event-reading path.
 *
 * Each message is `data: <envelope>`; every event but the snapshot carries `id: <sequence>`, so a
 * reconnect's `Last-Event-ID` is the last event the client got (the snapshot claims nothing: a drop
 * right after it must not skip the events it preceded).
 */
export class SseSocket extends EventEmitter implements StreamSocket {
  readyState: number = WebSocket.OPEN;

  constructor(private readonly res: http.ServerResponse) {
    super();
    res.on('close', () => {
      if (this.readyState === WebSocket.CLOSED) return;
      this.readyState = WebSocket.CLOSED;
      this.emit('close', 1006, Buffer.alloc(0));
    });
    res.on('error', (error) => this.emit('error', error));
  }

  /** Bytes written but not yet flushed to the client (the hubs close a client that lets it grow). */
  get bufferedAmount(): number {
    return this.res.writableLength;
  }

  send(bytes: Buffer): void {
    if (this.readyState !== WebSocket.OPEN) return;
    const { event, sequence } = JSON.parse(bytes.toString()) as { event: string; sequence: number };
    const id = event === 'outcome.snapshot' ? '' : `id: ${sequence}\n`;
    this.res.write(`${id}data: ${bytes.toString()}\n\n`);
  }

  /** A comment line keeps proxies from timing the response out; EventSource ignores it. */
  ping(): void {
    if (this.readyState !== WebSocket.OPEN) return;
    this.res.write(': keep-alive\n\n');
    this.emit('pong');
  }

  /** Ends the response; a reason other than the normal end is told in a comment first. */
  close(code = 1000, reason = ''): void {
    if (this.readyState !== WebSocket.OPEN) return;
    if (code !== 1000 && reason) this.res.write(`: closed ${code} ${reason.replace(/[\r\n]/g, ' ')}\n\n`);
    this.readyState = WebSocket.CLOSED;
    this.res.end();
    this.emit('close', code, Buffer.from(reason));
  }

  terminate(): void {
    this.readyState = WebSocket.CLOSED;
    this.res.destroy();
  }
}
