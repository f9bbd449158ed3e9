import type http from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import { WebSocketServer } from 'ws';
import type { KeyService } from '../../runtime/auth/keyService.js';
import type { Clock } from '../../runtime/clock.js';
import { ServiceError } from '../../runtime/errors.js';
import type { EventBus } from '../../runtime/events/eventBus.js';
import type { IdGenerator } from '../../runtime/ids.js';
import type { RateLimiter } from '../../runtime/rateLimiter.js';
import type { EventsRepository } from '../../storage/repositories/events.js';
import { createCatchUp, type OutcomeSnapshotSource } from './catchUp.js';
import { createStreamHubs } from './hubs.js';
import { openSseResponse } from './sseStream.js';
import { createUpgradeAuthorization } from './upgradeAuthorization.js';
import { createUpgradeRefusal } from './upgradeRefusal.js';

export type { OutcomeSnapshotSource };

export interface OutcomeStreamOptions {
  keys: KeyService;
  rateLimiter?: RateLimiter;
  events: EventsRepository;
  eventBus: EventBus;
  snapshot: OutcomeSnapshotSource;
  clock: Clock;
  logger: Logger;
  /** Request ids of refused upgrades (X-Request-Id, and `details.request_id` of a 500). */
  ids?: IdGenerator;
  /** Ping interval (spec-free; DESIGN: 30 s), also the SSE keep-alive comment's. A client that missed a whole interval is dropped. */
  pingEveryMs?: number;
  /** Bytes a client may have queued before it is closed with 1013 instead of growing memory. */
  maxBufferedBytes?: number;
}

/**
 * The real-time outcome stream, `GET /v1/outcomes/{id}/stream` upgraded to a WebSocket (DESIGN
 * section 5). Everything is checked BEFORE the upgrade, and refusals are real HTTP answers in the
 * spec's error body: 401 without a valid key, 403 without outcomes:read, 404 for another
 * workspace's or an unknown outcome and for any other upgrade path, 429 when rate limited.
 *
 * Messages are the event envelope plus `sequence`: first `outcome.snapshot` (the outcome as
 * GET /v1/outcomes/{id} shows it; its `sequence` is the latest stored one), then the stored events
 * after `?after=<sequence>` (default 0: all of them), then live events in order. The server closes
 * with 1000 once the latest event sent is `outcome.completed` or `outcome.failed`, pings every
 * 30 s, and closes a client that does not keep up (over `maxBufferedBytes` queued) with 1013.
 */
export function createOutcomeStream(options: OutcomeStreamOptions): OutcomeStream {
  const { logger } = options;
  const wss = new WebSocketServer({ noServer: true, clientTracking: false, perMessageDeflate: false, maxPayload: 4 * 1024 });
  const hubs = createStreamHubs({ events: options.events, eventBus: options.eventBus, logger, maxBufferedBytes: options.maxBufferedBytes ?? 1024 * 1024 });
  const open = createCatchUp({ hubs, events: options.events, snapshot: options.snapshot, clock: options.clock, logger });
  const authorize = createUpgradeAuthorization({ keys: options.keys, ...(options.rateLimiter ? { rateLimiter: options.rateLimiter } : {}), snapshot: options.snapshot });
  const refuse = createUpgradeRefusal({ logger, ...(options.ids ? { ids: options.ids } : {}) });
  let closing = false;

  // Heartbeat: ping everyone; whoever did not answer the previous ping is dropped.
  const heartbeat = setInterval(() => {
    for (const client of hubs.clients) {
      if (!client.alive) {
        hubs.detach(client);
        client.ws.terminate();
        continue;
      }
      client.alive = false;
      client.ws.ping();
    }
  }, options.pingEveryMs ?? 30_000);
  heartbeat.unref();

  /** The http.Server 'upgrade' listener: every upgrade request of the server comes here. */
  function handleUpgrade(req: http.IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', (error) => logger.debug({ err: error }, 'upgrade socket error'));
    if (closing) return refuse(socket, new ServiceError(503, 'unavailable', 'The service is shutting down.'));
    const headers: Record<string, string> = {};
    authorize(req, headers).then(
      ({ workspaceId, outcomeId, after }) => {
        if (closing || socket.destroyed) return socket.destroy();
        wss.handleUpgrade(req, socket, head, (ws) => void open(ws, workspaceId, outcomeId, after));
      },
      (error) => refuse(socket, error, headers),
    );
  }

  return {
    handleUpgrade,
    /**
     * Streams an outcome (already authorized) as Server-Sent Events on `res`, served by the same
     * hubs, catch-up and heartbeat as the WebSocket clients (a heartbeat ping is a keep-alive comment).
     */
    openSse(res: http.ServerResponse, workspaceId: string, outcomeId: string, after: number): Promise<void> {
      if (closing) throw new ServiceError(503, 'unavailable', 'The service is shutting down.');
      return openSseResponse(res, (socket) => open(socket, workspaceId, outcomeId, after));
    },
    get clientCount(): number {
      return hubs.clients.size;
    },
    /** Closes every stream with 1001 (going away; SSE responses end) and stops the heartbeat. */
    async close(): Promise<void> {
      if (closing) return;
      closing = true;
      clearInterval(heartbeat);
      hubs.unsubscribe();
      for (const client of [...hubs.clients]) {
        hubs.detach(client);
        client.ws.close(1001, 'server shutting down');
      }
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

export interface OutcomeStream {
  handleUpgrade: (req: http.IncomingMessage, socket: Duplex, head: Buffer) => void;
  /**
   * Streams an outcome (already authorized) as Server-Sent Events on `res`, served by the same
   * hubs, catch-up and heartbeat as the WebSocket clients (a heartbeat ping is a keep-alive comment).
   */
  openSse(res: http.ServerResponse, workspaceId: string, outcomeId: string, after: number): Promise<void>;
  readonly clientCount: number;
  /** Closes every stream with 1001 (going away; SSE responses end) and stops the heartbeat. */
  close(): Promise<void>;
}
