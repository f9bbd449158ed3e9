import type http from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import { WebSocket, WebSocketServer } from 'ws';
import type { KeyService } from '../../runtime/auth/keyService.js';
import type { Clock } from '../../runtime/clock.js';
import { ServiceError, errors } from '../../runtime/errors.js';
import type { EventBus } from '../../runtime/events/eventBus.js';
import type { IdGenerator } from '../../runtime/ids.js';
import type { RateLimiter } from '../../runtime/rateLimiter.js';
import type { EventsRepository, NewEvent } from '../../storage/repositories/events.js';
import { authenticateBearer, unauthorizedError } from '../bearer.js';
import { renderError } from '../errorRenderer.js';
import { checkScope, routeScopes } from '../scopes.js';

/** The outcome as GET /v1/outcomes/{id} shows it, or undefined when the workspace has no such outcome. */
export type OutcomeSnapshotSource = (workspaceId: string, outcomeId: string) => Promise<{ status: string; view: unknown } | undefined>;

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
  /** Ping interval (spec-free; DESIGN: 30 s). A client that missed a whole interval is dropped. */
  pingEveryMs?: number;
  /** Bytes a client may have queued before it is closed with 1013 instead of growing memory. */
  maxBufferedBytes?: number;
}

/** Terminal events: the stream closes with 1000 once one is the latest thing sent. */
const terminalKinds = new Set(['outcome.completed', 'outcome.failed']);
const terminalStatuses = new Set(['completed', 'failed']);
const streamPath = /^\/v1\/outcomes\/([A-Za-z0-9_-]{1,64})\/stream$/;
const streamScope = routeScopes['GET /v1/outcomes/:outcome_id/stream'] as Exclude<(typeof routeScopes)[string], 'public'>;

/** One message, serialized once and sent as the same bytes to every client of the outcome. */
interface Frame {
  sequence: number;
  terminal: boolean;
  bytes: Buffer;
}

interface Client {
  ws: WebSocket;
  outcomeId: string;
  /** Highest sequence sent to this client. */
  lastSent: number;
  /** False while catching up from the table; frames then wait in `pending`. */
  live: boolean;
  pending: Frame[];
  alive: boolean;
}

/** The clients of one outcome and the highest sequence broadcast to them. */
interface Hub {
  clients: Set<Client>;
  /** Highest sequence broadcast (starts at the latest stored one). */
  seq: number;
  /** Resolves once `seq` is read from the table; clients catch up only after it. */
  ready: Promise<void>;
  /** Serializes broadcasts so every client sees events in sequence order. */
  chain: Promise<void>;
}

function frameOf(event: { kind: string; timestamp: string; data: unknown; sequence: number }): Frame {
  return {
    sequence: event.sequence,
    terminal: terminalKinds.has(event.kind),
    bytes: Buffer.from(JSON.stringify({ event: event.kind, timestamp: event.timestamp, sequence: event.sequence, data: event.data })),
  };
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
export function createOutcomeStream(options: OutcomeStreamOptions) {
  const { keys, events, eventBus, snapshot, clock, logger } = options;
  const maxBuffered = options.maxBufferedBytes ?? 1024 * 1024;
  const wss = new WebSocketServer({ noServer: true, clientTracking: false, perMessageDeflate: false, maxPayload: 4 * 1024 });
  const hubs = new Map<string, Hub>();
  const clients = new Set<Client>();
  let closing = false;

  // ---- live events: one bus subscription for every outcome anyone follows ----
  const unsubscribe = eventBus.subscribe((published) => {
    let byOutcome: Map<string, NewEvent[]> | null = null;
    for (const event of published) {
      if (!event.outcome_id || !hubs.has(event.outcome_id)) continue;
      byOutcome ??= new Map();
      const list = byOutcome.get(event.outcome_id) ?? [];
      list.push(event);
      byOutcome.set(event.outcome_id, list);
    }
    if (!byOutcome) return;
    for (const [outcomeId, list] of byOutcome) {
      const hub = hubs.get(outcomeId)!;
      hub.chain = hub.chain.then(() => deliver(outcomeId, hub, list)).catch((error) => logger.error({ err: error, outcome_id: outcomeId }, 'stream broadcast failed'));
    }
  });

  /** Broadcasts bus events in sequence order; a hole (missed or reordered notice) is filled from the table. */
  async function deliver(outcomeId: string, hub: Hub, list: NewEvent[]): Promise<void> {
    if (hub.clients.size === 0) return;
    const sorted = [...list].sort((a, b) => a.sequence - b.sequence);
    for (const event of sorted) {
      if (event.sequence <= hub.seq) continue;
      if (event.sequence > hub.seq + 1) {
        for (const stored of await events.listForOutcome(outcomeId, hub.seq)) broadcast(hub, frameOf(stored));
        continue;
      }
      broadcast(hub, frameOf(event));
    }
  }

  function broadcast(hub: Hub, frame: Frame): void {
    if (frame.sequence <= hub.seq) return;
    hub.seq = frame.sequence;
    for (const client of hub.clients) {
      if (!client.live) client.pending.push(frame);
      else send(client, frame);
    }
  }

  /** Sends one frame unless the client already has it; closes after a terminal one. */
  function send(client: Client, frame: Frame): void {
    if (frame.sequence <= client.lastSent || client.ws.readyState !== WebSocket.OPEN) return;
    if (!sendBytes(client, frame.bytes)) return;
    client.lastSent = frame.sequence;
    if (frame.terminal) close(client, 1000, 'outcome finished');
  }

  function sendBytes(client: Client, bytes: Buffer): boolean {
    if (client.ws.bufferedAmount > maxBuffered) {
      // Dropping the client bounds memory; it can resume with ?after=<last sequence it saw>.
      close(client, 1013, 'client too slow; reconnect with ?after=<sequence>');
      return false;
    }
    client.ws.send(bytes, { binary: false });
    return true;
  }

  function close(client: Client, code: number, reason: string): void {
    detach(client);
    if (client.ws.readyState === WebSocket.OPEN) client.ws.close(code, reason);
  }

  function detach(client: Client): void {
    clients.delete(client);
    const hub = hubs.get(client.outcomeId);
    if (!hub) return;
    hub.clients.delete(client);
    if (hub.clients.size === 0) hubs.delete(client.outcomeId);
  }

  // ---- a new client: join first (frames wait in `pending`), then catch up from the table ----
  async function open(ws: WebSocket, workspaceId: string, outcomeId: string, after: number): Promise<void> {
    const client: Client = { ws, outcomeId, lastSent: after, live: false, pending: [], alive: true };
    clients.add(client);
    let hub = hubs.get(outcomeId);
    if (!hub) {
      const created: Hub = { clients: new Set(), seq: 0, ready: Promise.resolve(), chain: Promise.resolve() };
      // Broadcasts start after the latest stored event; everything up to it comes from the catch-up read.
      created.ready = events.lastSequence(outcomeId).then((seq) => {
        created.seq = Math.max(created.seq, seq);
      });
      created.chain = created.ready.catch(() => undefined);
      hub = created;
      hubs.set(outcomeId, hub);
    }
    hub.clients.add(client);
    ws.on('pong', () => (client.alive = true));
    ws.on('close', () => detach(client));
    ws.on('error', (error) => logger.debug({ err: error, outcome_id: outcomeId }, 'stream client error'));
    ws.on('message', () => undefined); // the stream is one-way; client messages are ignored

    try {
      // The hub's starting point is read before this client's catch-up read, so an event is either in
      // that read or broadcast to the client afterwards (or both: `lastSent` drops the repeat).
      await hub.ready;
      const current = await snapshot(workspaceId, outcomeId);
      const stored = await events.listForOutcome(outcomeId, after);
      if (ws.readyState !== WebSocket.OPEN) return detach(client);
      if (!current) return close(client, 1011, 'outcome no longer available');
      // The latest stored sequence, whatever `after` asked for (an `after` beyond it is not echoed).
      const latest = Math.max(stored.at(-1)?.sequence ?? 0, hub.seq);
      const first = { event: 'outcome.snapshot', timestamp: clock.now().toISOString(), sequence: latest, data: current.view };
      if (!sendBytes(client, Buffer.from(JSON.stringify(first)))) return;
      // Whether the latest event sent ends the outcome; null while none was sent (the snapshot decides).
      let lastTerminal: boolean | null = null;
      for (const event of stored) {
        const frame = frameOf(event);
        if (!sendBytes(client, frame.bytes)) return;
        client.lastSent = frame.sequence;
        lastTerminal = frame.terminal;
      }
      for (const frame of client.pending.splice(0)) {
        if (frame.sequence <= client.lastSent) continue;
        if (!sendBytes(client, frame.bytes)) return;
        client.lastSent = frame.sequence;
        lastTerminal = frame.terminal;
      }
      client.live = true;
      // Caught up and the latest thing sent ends the outcome: nothing more will come.
      if (lastTerminal ?? terminalStatuses.has(current.status)) close(client, 1000, 'outcome finished');
    } catch (error) {
      logger.error({ err: error, outcome_id: outcomeId }, 'stream catch-up failed');
      close(client, 1011, 'internal error');
    }
  }

  // ---- heartbeat: ping everyone; whoever did not answer the previous ping is dropped ----
  const heartbeat = setInterval(() => {
    for (const client of clients) {
      if (!client.alive) {
        detach(client);
        client.ws.terminate();
        continue;
      }
      client.alive = false;
      client.ws.ping();
    }
  }, options.pingEveryMs ?? 30_000);
  heartbeat.unref();

  // ---- the upgrade: every check before the handshake, refusals as HTTP answers ----
  /** Throws the ServiceError to answer with; fills `headers` with what the answer should carry. */
  async function authorize(req: http.IncomingMessage, headers: Record<string, string>): Promise<{ workspaceId: string; outcomeId: string; after: number }> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const match = streamPath.exec(url.pathname);
    if (!match) throw errors.notFound(`Route GET ${url.pathname}`, { method: 'GET', path: url.pathname });
    if (req.method !== 'GET') throw new ServiceError(405, 'method_not_allowed', `${req.method} is not allowed on ${url.pathname}; use GET.`, { allowed: ['GET'] }, { Allow: 'GET' });
    const outcomeId = match[1]!;
    // The same bearer check, 401 messages and scope table as every HTTP route (http/bearer.ts, http/scopes.ts).
    const authenticated = await authenticateBearer(keys, req.headers.authorization);
    if ('failure' in authenticated) throw unauthorizedError(authenticated.failure);
    const { key } = authenticated;
    if (options.rateLimiter) {
      const decision = await options.rateLimiter.consume(`ws:${key.workspace.id}`, key.workspace.requests_per_minute);
      headers['X-RateLimit-Limit'] = String(decision.limit);
      headers['X-RateLimit-Remaining'] = String(decision.remaining);
      headers['X-RateLimit-Reset'] = String(decision.resetUnix);
      if (!decision.allowed) throw errors.rateLimited(decision.retryAfterSeconds, decision.limit);
    }
    checkScope(key, streamScope);
    for (const name of url.searchParams.keys()) {
      if (name !== 'after') throw errors.invalidRequest(`Unknown query parameter '${name}' in the request query.`, { field: name, reason: 'unknown_field' });
    }
    const rawAfter = url.searchParams.get('after');
    if (rawAfter !== null && !/^\d{1,15}$/.test(rawAfter)) {
      throw errors.invalidRequest("Query parameter 'after' must be a sequence number (a whole number >= 0).", { field: 'after', reason: 'type' });
    }
    const exists = await snapshot(key.workspace.id, outcomeId);
    if (!exists) throw errors.notFound(`Outcome ${outcomeId}`, { outcome_id: outcomeId });
    return { workspaceId: key.workspace.id, outcomeId, after: rawAfter === null ? 0 : Number(rawAfter) };
  }

  // Request ids as the HTTP side makes them: a per-process prefix and a counter.
  const requestPrefix = options.ids?.id('req', 10);
  let refusals = 0;

  function refuse(socket: Duplex, error: unknown, extraHeaders: Record<string, string> = {}): void {
    refusals += 1;
    const requestId = requestPrefix ? `${requestPrefix}u${refusals.toString(36)}` : undefined;
    const { status, headers: errorHeaders, body } = renderError(error, { logger, requestId, where: { component: 'stream upgrade' } });
    const headers = { ...extraHeaders, ...errorHeaders, ...(requestId ? { 'X-Request-Id': requestId } : {}) };
    const text = JSON.stringify(body);
    const lines = [
      `HTTP/1.1 ${status} ${httpReason(status)}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(text)}`,
      'Connection: close',
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ];
    if (socket.writable) socket.end(`${lines.join('\r\n')}\r\n\r\n${text}`);
    else socket.destroy();
  }

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
    get clientCount(): number {
      return clients.size;
    },
    /** Closes every stream with 1001 (going away) and stops the heartbeat. */
    async close(): Promise<void> {
      if (closing) return;
      closing = true;
      clearInterval(heartbeat);
      unsubscribe();
      for (const client of [...clients]) {
        detach(client);
        client.ws.close(1001, 'server shutting down');
      }
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

function httpReason(status: number): string {
  const reasons: Record<number, string> = {
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    405: 'Method Not Allowed',
    429: 'Too Many Requests',
    500: 'Internal Server Error',
    503: 'Service Unavailable',
  };
  return reasons[status] ?? 'Error';
}

export type OutcomeStream = ReturnType<typeof createOutcomeStream>;
