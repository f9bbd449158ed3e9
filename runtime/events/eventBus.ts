import type { EventNotice, NewEvent } from '../../storage/repositories/events.js';
import { chunkForNotify, type ClusterSignals } from './clusterSignals.js';

export type EventListener = (events: readonly NewEvent[]) => void;

/** Events another process committed: per outcome, the highest sequence it wrote (ids only, no data). */
export type RemoteEvents = ReadonlyArray<readonly [outcomeId: string, sequence: number]>;
export type RemoteListener = (refs: RemoteEvents) => void;

/** The cluster topic of committed events. */
export const eventsTopic = 'events';

/**
 * Notification that events were committed to the `events` table. Writers publish only AFTER
 * their transaction commits; readers that must not miss anything (webhook dispatch, stream
 * resume) treat a notification as a hint and read the table. A throwing listener is isolated.
 *
 * With `signals` shared (Postgres), every publish is also sent to the other processes as
 * (outcome, highest sequence) pairs; what they send arrives at `subscribeRemote` listeners, who
 * read the rows themselves. `subscribeResync` fires when remote notices may have been missed.
 */
export function createEventBus(onListenerError: (error: unknown) => void = () => undefined, signals?: ClusterSignals): EventBus {
  const listeners = new Set<EventListener>();
  const remoteListeners = new Set<RemoteListener>();

  function each<L extends (...args: never[]) => void>(set: Set<L>, call: (listener: L) => void): void {
    for (const listener of set) {
      try {
        call(listener);
      } catch (error) {
        onListenerError(error);
      }
    }
  }

  if (signals?.shared) {
    signals.on(eventsTopic, (payload) => {
      if (!Array.isArray(payload)) return;
      const refs = payload.filter((ref): ref is [string, number] => Array.isArray(ref) && typeof ref[0] === 'string' && typeof ref[1] === 'number');
      if (refs.length > 0) each(remoteListeners, (listener) => listener(refs));
    });
  }

  /** The notices' payloads: (outcome, highest sequence) pairs in chunks NOTIFY takes. */
  function payloads(events: readonly NewEvent[]): Array<Array<[string, number]>> {
    const highest = new Map<string, number>();
    for (const event of events) {
      // Events without an outcome still wake the other processes' webhook fan-out.
      const key = event.outcome_id ?? '';
      highest.set(key, Math.max(highest.get(key) ?? 0, event.sequence));
    }
    return chunkForNotify([...highest]);
  }

  return {
    publish(events: readonly NewEvent[], announced = false): void {
      if (events.length === 0) return;
      each(listeners, (listener) => listener(events));
      if (signals?.shared && !(announced && signals.notice)) for (const chunk of payloads(events)) signals.send(eventsTopic, chunk);
    },
    notices(events: readonly NewEvent[]): EventNotice[] {
      if (!signals?.shared || !signals.notice || events.length === 0) return [];
      return payloads(events).flatMap((chunk) => signals.notice!(eventsTopic, chunk) ?? []);
    },
    subscribe(listener: EventListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Events committed by other processes (never this one's); nothing arrives on SQLite. */
    subscribeRemote(listener: RemoteListener): () => void {
      remoteListeners.add(listener);
      return () => remoteListeners.delete(listener);
    },
    /** Remote notices may have been lost (the listening connection came back): read what you follow. */
    subscribeResync(listener: () => void): () => void {
      return signals?.onResync(listener) ?? (() => undefined);
    },
  };
}

export interface EventBus {
  /** Tells this process's listeners, and the other processes unless `announced` (the writer sent `notices(events)` with them). */
  publish(events: readonly NewEvent[], announced?: boolean): void;
  /**
   * The notices of these events for the writer's own transaction to send (Postgres; empty when
   * nothing is shared): NOTIFY is delivered on commit, so the committing statement carries them
   * and the tick spends no commit of its own on them. Publish with `announced` then.
   */
  notices(events: readonly NewEvent[]): EventNotice[];
  subscribe(listener: EventListener): () => void;
  /** Events committed by other processes (never this one's); nothing arrives on SQLite. */
  subscribeRemote(listener: RemoteListener): () => void;
  /** Remote notices may have been lost (the listening connection came back): read what you follow. */
  subscribeResync(listener: () => void): () => void;
}
