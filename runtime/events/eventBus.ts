import type { NewEvent } from '../../storage/repositories/events.js';

export type EventListener = (events: readonly NewEvent[]) => void;

/**
 * In-process notification that events were committed to the `events` table. Writers publish only
 * AFTER their transaction commits; readers that must not miss anything (webhook dispatch, stream
 * resume) treat a notification as a hint and read the table. A throwing listener is isolated.
 */
export function createEventBus(onListenerError: (error: unknown) => void = () => undefined) {
  const listeners = new Set<EventListener>();
  return {
    publish(events: readonly NewEvent[]): void {
      if (events.length === 0) return;
      for (const listener of listeners) {
        try {
          listener(events);
        } catch (error) {
          onListenerError(error);
        }
      }
    },
    subscribe(listener: EventListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type EventBus = ReturnType<typeof createEventBus>;
