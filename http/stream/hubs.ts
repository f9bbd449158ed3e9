import type { Logger } from 'pino';
import { WebSocket } from 'ws';
import type { EventBus } from '../../runtime/events/eventBus.js';
import type { EventsRepository, NewEvent } from '../../storage/repositories/events.js';
import { frameOf, type Frame } from './frames.js';
import type { StreamSocket } from './streamSocket.js';

export interface Client {
  ws: StreamSocket;
  outcomeId: string;
  /** Highest sequence sent to this client. */
  lastSent: number;
  /** False while catching up from the table; frames then wait in `pending`. */
  live: boolean;
  pending: Frame[];
  alive: boolean;
}

/** The clients of one outcome and the highest sequence broadcast to them. */
export interface Hub {
  clients: Set<Client>;
  /** Highest sequence broadcast (starts at the latest stored one). */
  seq: number;
  /** Resolves once `seq` is read from the table; clients catch up only after it. */
  ready: Promise<void>;
  /** Serializes broadcasts so every client sees events in sequence order. */
  chain: Promise<void>;
}

/**
 * The followed outcomes and their clients, fed by one bus subscription (this process's events,
 * with their data) and the other processes' notices (ids only; the rows are read from the table). Invariants: each client
 * gets an outcome's events once and in sequence order (`lastSent` drops repeats, a hole in the bus
 * notices is filled from the table), and a client whose queue exceeds `maxBufferedBytes` is closed
 * with 1013 instead of growing memory.
 */
export function createStreamHubs(deps: { events: EventsRepository; eventBus: EventBus; logger: Logger; maxBufferedBytes: number }): StreamHubs {
  const { events, logger } = deps;
  const hubs = new Map<string, Hub>();
  const clients = new Set<Client>();

  const unsubscribe = deps.eventBus.subscribe((published) => {
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

  // Another process committed events (a notice carries ids only): a followed outcome whose
  // latest broadcast is behind reads what it missed from the table, in order.
  const unsubscribeRemote = deps.eventBus.subscribeRemote((refs) => {
    for (const [outcomeId, sequence] of refs) {
      const hub = hubs.get(outcomeId);
      if (hub && sequence > hub.seq) fill(outcomeId, hub);
    }
  });
  // Notices may have been lost while the listening connection was down: read every followed outcome.
  const unsubscribeResync = deps.eventBus.subscribeResync(() => {
    for (const [outcomeId, hub] of hubs) fill(outcomeId, hub);
  });

  /** Queues a read of the outcome's stored events after the hub's latest broadcast. */
  function fill(outcomeId: string, hub: Hub): void {
    hub.chain = hub.chain
      .then(async () => {
        if (hub.clients.size === 0) return;
        for (const stored of await events.listForOutcome(outcomeId, hub.seq)) broadcast(hub, frameOf(stored));
      })
      .catch((error) => logger.error({ err: error, outcome_id: outcomeId }, 'stream fill failed'));
  }

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

  /** False (and the client closed with 1013) when the client does not keep up. */
  function sendBytes(client: Client, bytes: Buffer): boolean {
    if (client.ws.bufferedAmount > deps.maxBufferedBytes) {
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

  /** Adds a client (not yet live) to its outcome's hub, creating the hub from the latest stored sequence. */
  function join(client: Client): Hub {
    clients.add(client);
    let hub = hubs.get(client.outcomeId);
    if (!hub) {
      const created: Hub = { clients: new Set(), seq: 0, ready: Promise.resolve(), chain: Promise.resolve() };
      // Broadcasts start after the latest stored event; everything up to it comes from the catch-up read.
      created.ready = events.lastSequence(client.outcomeId).then((seq) => {
        created.seq = Math.max(created.seq, seq);
      });
      created.chain = created.ready.catch(() => undefined);
      hub = created;
      hubs.set(client.outcomeId, hub);
    }
    hub.clients.add(client);
    return hub;
  }

  return {
    clients,
    join,
    sendBytes,
    close,
    detach,
    unsubscribe(): void {
      unsubscribe();
      unsubscribeRemote();
      unsubscribeResync();
    },
  };
}

export interface StreamHubs {
  clients: Set<Client>;
  join: (client: Client) => Hub;
  sendBytes: (client: Client, bytes: Buffer) => boolean;
  close: (client: Client, code: number, reason: string) => void;
  detach: (client: Client) => void;
  unsubscribe(): void;
}
