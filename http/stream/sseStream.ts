import type http from 'node:http';
import type { Logger } from 'pino';
import type { WebSocket } from 'ws';
import type { Clock } from '../../runtime/clock.js';
import type { EventBus } from '../../runtime/events/eventBus.js';
import type { EventsRepository } from '../../storage/repositories/events.js';
import { createCatchUp, type OutcomeSnapshotSource } from './catchUp.js';
import { createStreamHubs } from './hubs.js';
import { SseSocket } from './sseSocket.js';

/** Keep-alive comment interval: under the 60 s idle timeout common proxies apply. */
export const sseKeepAliveMs = 15_000;

/**
 * The outcome stream over Server-Sent Events. The same hubs and catch-up as the WebSocket stream
 * (http/stream/outcomeStream.ts) serve it, fed by the same event bus (this process's events and
 * the other processes' notices on Postgres), so order, no gap, no repeat and the end after a
 * terminal event hold here as they do there.
 */
export function createSseStream(deps: { events: EventsRepository; eventBus: EventBus; snapshot: OutcomeSnapshotSource; clock: Clock; logger: Logger; keepAliveMs?: number; maxBufferedBytes?: number }) {
  const hubs = createStreamHubs({ events: deps.events, eventBus: deps.eventBus, logger: deps.logger, maxBufferedBytes: deps.maxBufferedBytes ?? 1024 * 1024 });
  const catchUp = createCatchUp({ hubs, events: deps.events, snapshot: deps.snapshot, clock: deps.clock, logger: deps.logger });
  const sockets = new Set<SseSocket>();

  const keepAlive = setInterval(() => {
    for (const socket of sockets) socket.ping();
  }, deps.keepAliveMs ?? sseKeepAliveMs);
  keepAlive.unref();

  return {
    /** Writes the SSE head on `res` and streams the outcome (already authorized) from `after`. */
    open(res: http.ServerResponse, workspaceId: string, outcomeId: string, after: number): Promise<void> {
      res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' });
      res.flushHeaders();
      const socket = new SseSocket(res);
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      // The hubs know WebSocket; SseSocket provides every member they touch (see its comment).
      return catchUp(socket as unknown as WebSocket, workspaceId, outcomeId, after);
    },
    get clientCount(): number {
      return sockets.size;
    },
  };
}

export type SseStream = ReturnType<typeof createSseStream>;
