import type { EventBus } from '../events/eventBus.js';
import { raceYieldMs, type EventTail } from './eventTail.js';
import type { FanOutLead } from './fanOutLead.js';
import type { MonotonicClock } from './sender.js';

/**
 * When a running dispatcher's fan-out reads (issue 30). Events of this process wake the fan-out,
 * and each pass reads every process's events. Another process's notice wakes it only when this
 * one has not committed anything for a poll period: a busy process's own passes already read
 * those events, and waking every process on every process's commit made N processes read (and
 * race for the cursor on) the same events N times. An idle or API-only committer's events are
 * still fanned out at once by an idle worker. While another process fans out (it won the race for
 * the cursor, or it says it moved the cursor further than this one: `fanOutLead.ts`), this one
 * leaves the fan-out to it for `raceYieldMs` and only remembers that it may be behind
 * (`tail.defer`); its poll reads when that process stops.
 *
 * The poll is the safety net. Alone on the database (SQLite, no `lead`) every poll reads. With
 * other processes a poll reads only when this node may be behind (a deferred wake, a failed
 * pass, a hole) and nobody else fans out, or `idlePollMs` after its last pass (a notice lost at
 * its sender): idle processes do not read the cursor and the events twice a second each.
 */
export interface FanOutWakeups {
  /** Stops listening to the bus and polling. */
  stop(): void;
}

export interface FanOutWakeupsOptions {
  eventBus: EventBus;
  monotonic: MonotonicClock;
  tail: Pick<EventTail, 'racedAt' | 'defer' | 'behind' | 'lastPassAt'>;
  /** Who fans out among the processes sharing the database; absent alone on it (SQLite). */
  lead: FanOutLead | undefined;
  pollEveryMs: number;
  idlePollMs: number;
  /** Reads the events table now (the tail's wake, while the dispatcher runs). */
  wake(): void;
  /** Another process's events were heard of (monotonic ms). */
  heardRemote(at: number): void;
}

export function startFanOutWakeups(options: FanOutWakeupsOptions): FanOutWakeups {
  const { eventBus, monotonic, tail, lead, pollEveryMs, idlePollMs, wake } = options;
  const othersFanOut = () => monotonic.now() - tail.racedAt < raceYieldMs || (lead?.othersLead() ?? false);
  let lastLocal = -Infinity;
  const local = eventBus.subscribe(() => {
    lastLocal = monotonic.now();
    if (othersFanOut()) tail.defer();
    else wake();
  });
  const remote = eventBus.subscribeRemote(() => {
    const now = monotonic.now();
    options.heardRemote(now);
    if (!othersFanOut() && now - lastLocal >= pollEveryMs) wake();
    else tail.defer();
  });
  // Notices may have been lost while the listening connection was down.
  const resync = eventBus.subscribeResync(() => tail.defer());
  const poll = setInterval(() => {
    if (!lead) return wake();
    if (othersFanOut()) return;
    if (tail.behind || monotonic.now() - tail.lastPassAt >= idlePollMs) wake();
  }, pollEveryMs);
  poll.unref();
  return {
    stop() {
      local();
      remote();
      resync();
      clearInterval(poll);
    },
  };
}
