import type { Logger } from 'pino';
import type { EventRow, EventsRepository } from '../../storage/repositories/events.js';
import type { SkippedHole } from './eventHoles.js';

/**
 * Holes in event positions the fan-out read past while their writer was still open (it stayed
 * open longer than the hole wait: a stalled process, a commit waiting on a slow disk). Such a
 * writer may still commit; its events then sit behind the cursor, where the tail never reads.
 * This watches each such hole until no writer that could fill it is open, and fans out whatever
 * was committed into it meanwhile, so a late commit costs latency, never a webhook.
 *
 * Invariants: each event of a hole is handed to `fanOut` at most once by this watcher; a hole is
 * dropped only after a probe found no writer older than its mark open and the read after that
 * probe was fanned out; a failed round keeps every hole for the next. Only the node whose cursor
 * move committed past a hole watches it (the tail tracks a hole after its compare-and-set won),
 * so two nodes never fan out the same late event. A restart forgets the holes it watched.
 */
export interface LateEvents {
  /** Watches holes this node read past (its cursor move past them committed). */
  track(holes: readonly SkippedHole[]): void;
  /** Stops watching; a round under way finishes. */
  close(): Promise<void>;
}

export interface LateEventsOptions {
  events: Pick<EventsRepository, 'listBetweenPositions' | 'holeMayFill'>;
  logger: Logger;
  /** The pause between two rounds while any hole is watched. */
  everyMs: number;
  /** Fans out events committed late into a watched hole (their deliveries; the cursor stays). */
  fanOut(events: EventRow[]): Promise<void>;
  /** Most positions watched at once: past it the oldest holes are given up, with an error logged. */
  maxPositions?: number;
}

interface Watched extends SkippedHole {
  sent: Set<number>;
}

export function createLateEvents(options: LateEventsOptions): LateEvents {
  const { events, logger, everyMs } = options;
  const maxPositions = options.maxPositions ?? 10_000;
  let holes: Watched[] = [];
  let timer: NodeJS.Timeout | null = null;
  let round: Promise<void> | null = null;
  let closed = false;

  function schedule(): void {
    if (timer || closed || holes.length === 0) return;
    timer = setTimeout(() => {
      timer = null;
      round = check().finally(() => {
        round = null;
        schedule();
      });
    }, everyMs);
    timer.unref();
  }

  async function check(): Promise<void> {
    for (const hole of [...holes]) {
      try {
        // The probe first: when it finds no writer older than the mark open, the read after it
        // sees everything that writer will ever commit, and the hole can be let go.
        const { open } = await events.holeMayFill(hole.mark);
        const committed = (await events.listBetweenPositions(hole.from, hole.to)).filter((event) => !hole.sent.has(event.position));
        if (committed.length > 0) {
          await options.fanOut(committed);
          for (const event of committed) hole.sent.add(event.position);
          logger.info({ positions: committed.map((event) => event.position) }, 'events committed late into a hole were fanned out');
        }
        if (!open) holes = holes.filter((other) => other !== hole);
      } catch (error) {
        logger.warn({ err: error, from: hole.from, to: hole.to }, 'could not check a hole in event positions; checking again');
      }
    }
  }

  return {
    track(skipped) {
      if (closed || skipped.length === 0) return;
      holes.push(...skipped.map((hole) => ({ ...hole, sent: new Set<number>() })));
      let total = holes.reduce((sum, hole) => sum + (hole.to - hole.from + 1), 0);
      while (total > maxPositions && holes.length > 0) {
        const dropped = holes.shift()!;
        total -= dropped.to - dropped.from + 1;
        logger.error({ from: dropped.from, to: dropped.to }, 'too many event positions in holes to watch; events committed late into this one will not be fanned out');
      }
      schedule();
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await round;
    },
  };
}
