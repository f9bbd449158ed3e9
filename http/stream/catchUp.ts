import type { Logger } from 'pino';
import { WebSocket } from 'ws';
import type { Clock } from '../../runtime/clock.js';
import type { EventsRepository } from '../../storage/repositories/events.js';
import { frameOf, terminalStatuses } from './frames.js';
import type { Client, StreamHubs } from './hubs.js';
import type { StreamSocket } from './streamSocket.js';

/** The outcome as GET /v1/outcomes/{id} shows it, or undefined when the workspace has no such outcome. */
export type OutcomeSnapshotSource = (workspaceId: string, outcomeId: string) => Promise<{ status: string; view: unknown } | undefined>;

/**
 * Opens a new client: it joins its hub first (live frames wait in `pending`), then gets the
 * `outcome.snapshot`, the stored events after `after`, and the pending frames, in sequence order
 * and each once; it is closed with 1000 when the latest thing sent ends the outcome.
 */
export function createCatchUp(deps: { hubs: StreamHubs; events: EventsRepository; snapshot: OutcomeSnapshotSource; clock: Clock; logger: Logger }) {
  const { hubs, events, snapshot, clock, logger } = deps;

  return async function open(ws: StreamSocket, workspaceId: string, outcomeId: string, after: number): Promise<void> {
    const client: Client = { ws, outcomeId, lastSent: after, live: false, pending: [], alive: true };
    const hub = hubs.join(client);
    ws.on('pong', () => (client.alive = true));
    ws.on('close', () => hubs.detach(client));
    ws.on('error', (error) => logger.debug({ err: error, outcome_id: outcomeId }, 'stream client error'));
    ws.on('message', () => undefined); // the stream is one-way; client messages are ignored

    try {
      // The hub's starting point is read before this client's catch-up read, so an event is either in
      // that read or broadcast to the client afterwards (or both: `lastSent` drops the repeat).
      await hub.ready;
      const current = await snapshot(workspaceId, outcomeId);
      const stored = await events.listForOutcome(outcomeId, after);
      if (ws.readyState !== WebSocket.OPEN) return hubs.detach(client);
      if (!current) return hubs.close(client, 1011, 'outcome no longer available');
      // The latest stored sequence, whatever `after` asked for (an `after` beyond it is not echoed).
      const latest = Math.max(stored.at(-1)?.sequence ?? 0, hub.seq);
      const first = { event: 'outcome.snapshot', timestamp: clock.now().toISOString(), sequence: latest, data: current.view };
      if (!hubs.sendBytes(client, Buffer.from(JSON.stringify(first)))) return;
      // An `after` past the latest event claims nothing that exists: the events still to come are
      // sent (without this a stream opened past the end dropped them all, the terminal one too).
      client.lastSent = Math.min(client.lastSent, latest);
      // Whether the latest event (sent, or already seen by the client) ends the outcome; null while
      // there is none (the snapshot decides).
      let lastTerminal: boolean | null = null;
      let highest = 0;
      for (const frame of [...stored.map(frameOf), ...client.pending.splice(0)]) {
        if (frame.sequence > highest) {
          highest = frame.sequence;
          lastTerminal = frame.terminal;
        }
        if (frame.sequence <= client.lastSent) continue;
        if (!hubs.sendBytes(client, frame.bytes)) return;
        client.lastSent = frame.sequence;
      }
      client.live = true;
      // Caught up and the latest thing sent ends the outcome: nothing more will come.
      if (lastTerminal ?? terminalStatuses.has(current.status)) hubs.close(client, 1000, 'outcome finished');
    } catch (error) {
      logger.error({ err: error, outcome_id: outcomeId }, 'stream catch-up failed');
      hubs.close(client, 1011, 'internal error');
    }
  };
}
