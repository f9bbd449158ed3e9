import type { EventStore, JSONRPCMessage } from '@modelcontextprotocol/server';

/**
 * The event store of one 2025-11-25 session: what makes the SDK transport open each SSE stream with
 * a priming event (an id and empty data, with `retry`), and replay the messages a client missed
 * when it reconnects with `Last-Event-ID`. Kept in memory with the session, at most `limit`
 * messages (the oldest go first), so a session costs a bounded amount however long it lives; a
 * client that asks for an event already dropped starts again from now.
 */
export function createSessionEventStore(limit = 100): EventStore {
  const events: Array<{ id: string; streamId: string; message: JSONRPCMessage }> = [];
  let sequence = 0;
  return {
    async storeEvent(streamId, message) {
      sequence += 1;
      const id = `${streamId}:${sequence}`;
      events.push({ id, streamId, message });
      if (events.length > limit) events.shift();
      return id;
    },
    async getStreamIdForEventId(eventId) {
      return events.find((event) => event.id === eventId)?.streamId;
    },
    async replayEventsAfter(lastEventId, { send }) {
      const index = events.findIndex((event) => event.id === lastEventId);
      if (index < 0) return lastEventId.slice(0, lastEventId.lastIndexOf(':'));
      const streamId = events[index]!.streamId;
      for (const event of events.slice(index + 1)) {
        // Priming events carry no message; only the stream's own messages are sent again.
        if (event.streamId === streamId && 'jsonrpc' in event.message) await send(event.id, event.message);
      }
      return streamId;
    },
  };
}
