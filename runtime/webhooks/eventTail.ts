import type { Logger } from 'pino';
import type { Db } from '../../storage/db.js';
import type { EventHead, EventRow, EventsRepository } from '../../storage/repositories/events.js';
import type { DeliveryRow, WebhookDeliveriesRepository } from '../../storage/repositories/webhookDeliveries.js';
import type { Clock } from '../clock.js';
import type { IdGenerator } from '../ids.js';
import { createEventHoles, type SkippedHole } from './eventHoles.js';
import { fanOutRows, wanted } from './fanOutRows.js';
import { createLateEvents } from './lateEvents.js';
import type { MonotonicClock } from './sender.js';
import type { WebhookCache } from './webhookCache.js';

/** How long a node that lost the race for the cursor leaves the fan-out to the winner (its poll still reads). */
export const raceYieldMs = 500;

/** The cursor row of the fan-out over the events table. */
export const cursorName = 'webhooks';

/**
 * What the tail is doing:
 * - `idle`: nothing to read until woken;
 * - `reading`: a pass is running;
 * - `rereading`: a pass is running and a wake-up came meanwhile, so another follows;
 * - `backlogged`: too many deliveries in memory; reading resumes when half of them are gone;
 * - `closed`: stopped for good.
 */
export type TailMode = 'idle' | 'reading' | 'rereading' | 'backlogged' | 'closed';

export interface EventTailOptions {
  db: Db;
  events: EventsRepository;
  deliveries: WebhookDeliveriesRepository;
  cache: WebhookCache;
  clock: Clock;
  monotonic: MonotonicClock;
  ids: IdGenerator;
  logger: Logger;
  /** Deliveries in memory now; the tail stops reading at `maxLive`. */
  liveCount(): number;
  /** Starts the deliveries of a committed fan-out. */
  begin(row: DeliveryRow): void;
  /** Called when the tail becomes idle, backlogged or closed. */
  rested(): void;
  batchSize: number;
  maxLive: number;
  /**
   * The longest a hole in event positions is waited for. A hole is skipped at once when no
   * transaction older than the hole is open (`events.holeMayFill`): only a writer that has not
   * committed yet can still fill it, so holes left by rolled-back or replayed writes cost nothing.
   */
  gapWaitMs: number;
  /** The pause between two checks of holes read past while their writer was open (lateEvents.ts); 1 s by default. */
  lateCheckMs?: number;
  /** What the payload carries as an event's data (issue 27 adds the approval links); the stored data when absent. */
  eventData?: (kind: string, data: unknown) => unknown;
  /** Called after this node moved the cursor to `position` (the dispatcher tells the other processes). */
  moved?(position: number): void;
}

/**
 * The fan-out: reads the events table after a stored cursor and inserts one delivery per (event,
 * matching webhook) in the same transaction that moves the cursor (a compare-and-set, so two
 * nodes never fan out the same events), so a restart misses nothing and fans out nothing twice.
 * `wake()` is a hint (a bus notification, a poll); calling it often is cheap.
 */
export interface EventTail {
  /** Reads the events table now (or right after the pass in progress). */
  wake(): void;
  /** When (monotonic ms) another node last moved the cursor first: it is fanning out too. */
  readonly racedAt: number;
  /** Another node is expected to read what was committed: remembered, so the poll reads it if that node stops. */
  defer(): void;
  /** True when events may wait that no pass of this node has read (a deferred wake, a failed pass, a hole). */
  readonly behind: boolean;
  /** When (monotonic ms) the last pass started. */
  readonly lastPassAt: number;
  readonly mode: TailMode;
  /** A backlogged tail reads again once the deliveries in memory fell below half the bound. */
  relieved(): void;
  /** True while no pass runs. */
  readonly resting: boolean;
  /** Stops reading; resolves when the pass in progress ended. */
  close(): Promise<void>;
}

/** The active webhooks of the events' workspaces. */
function targetsOf(cache: WebhookCache, events: readonly EventHead[]) {
  return cache.active([...new Set(events.map((event) => event.workspace_id))]);
}

export function createEventTail(options: EventTailOptions): EventTail {
  const { db, events, deliveries, cache, clock, monotonic, ids, logger, batchSize, maxLive } = options;
  let mode: TailMode = 'idle';
  let running: Promise<void> | null = null;
  let racedAt = -Infinity;
  /** Events may wait that no pass of this node has read: a wake was deferred, a pass failed or stopped at a hole. */
  let behind = false;
  let lastPassAt = -Infinity;
  /** The last pass found events a webhook wants: read whole rows (see `pass`). */
  let whole = false;
  const holes = createEventHoles({ events, monotonic, logger, gapWaitMs: options.gapWaitMs, wake, othersFanOut: () => monotonic.now() - racedAt < raceYieldMs });
  // Holes read past while their writer was open: what it commits later is fanned out behind the cursor.
  const late = createLateEvents({
    events,
    logger,
    everyMs: options.lateCheckMs ?? 1_000,
    fanOut: async (committed) => {
      const rows = await deliveryRowsOf(committed, clock.now().toISOString());
      if (rows.length === 0) return;
      await deliveries.insertMany(rows, db);
      for (const row of rows) options.begin(row);
    },
  });

  /** One delivery row per (event, matching active webhook). */
  async function deliveryRowsOf(usable: EventRow[], now: string): Promise<DeliveryRow[]> {
    return fanOutRows(usable, await targetsOf(cache, usable), { ids, now, eventData: options.eventData });
  }

  function wake(): void {
    if (mode === 'closed') return;
    if (mode === 'reading' || mode === 'rereading') {
      mode = 'rereading';
      return;
    }
    mode = 'reading';
    running = run().finally(() => {
      running = null;
      if (mode === 'reading') mode = 'idle';
      options.rested();
    });
  }

  async function run(): Promise<void> {
    do {
      if (mode === 'rereading') mode = 'reading';
      try {
        while (mode !== 'closed' && (await pass())) {
          // keep reading while whole batches come back
        }
      } catch (error) {
        behind = true;
        logger.error({ err: error }, 'webhook fan-out failed; retrying on the next poll');
      }
    } while ((mode as TailMode) === 'rereading'); // a wake() during the pass set it
  }

  /** One fan-out batch; true when a full batch was read (there may be more). */
  async function pass(): Promise<boolean> {
    if (options.liveCount() >= maxLive) {
      mode = 'backlogged';
      return false;
    }
    // Whatever was committed before this read is read by it (a deferral after this point sets it again).
    behind = false;
    lastPassAt = monotonic.now();
    const cursor = await deliveries.readCursor(cursorName);
    // While webhooks want none of what comes, heads alone: the events some webhook wants are then
    // read whole and decoded by themselves. Once a pass found wanted events, passes read whole rows
    // again until one finds none, so an event is read twice only in the pass that switches.
    const batch: Array<EventHead | EventRow> = whole ? await events.listAfterPosition(cursor, batchSize) : await events.listHeadsAfterPosition(cursor, batchSize);
    if (batch.length === 0) return false;
    const skipped: SkippedHole[] = [];
    const usable = await holes.contiguous(cursor, batch, skipped);
    // Stopped at a hole: the rest is read when it is filled or skipped (the hole's re-read, or the poll).
    if (usable.length < batch.length) behind = true;
    if (usable.length === 0) return false;
    const last = usable[usable.length - 1]!;

    const now = clock.now().toISOString();
    const targets = await targetsOf(cache, usable);
    const needed = wanted(usable, targets);
    whole = needed.length > 0;
    const read = needed.filter((event): event is EventRow => 'data' in event);
    const full = read.length === needed.length ? read : await events.listAtPositions(needed.map((event) => event.position));
    const rows = fanOutRows(full, targets, { ids, now, eventData: options.eventData });
    // Nothing to deliver (no workspace of these events has a webhook for them): the compare-and-set
    // alone, one statement, with no transaction around it (three statements fewer on the writer).
    const moved =
      rows.length === 0
        ? await deliveries.moveCursor(cursorName, cursor, last.position, now, db)
        : await db.transaction(async (trx) => {
            const ok = await deliveries.moveCursor(cursorName, cursor, last.position, now, trx);
            if (ok) await deliveries.insertMany(rows, trx);
            return ok;
          });
    if (!moved) {
      racedAt = monotonic.now();
      return true; // another node fanned these out; read on from where it left off
    }
    options.moved?.(last.position);
    late.track(skipped);
    for (const row of rows) options.begin(row);
    return usable.length === batch.length && batch.length === batchSize;
  }

  return {
    wake,
    /** When (monotonic ms) another node last moved the cursor first: it is fanning out too. */
    get racedAt(): number {
      return racedAt;
    },
    /** Another node is expected to read what was committed: remembered, so the poll reads it if that node stops. */
    defer(): void {
      behind = true;
    },
    /** True when events may wait that no pass of this node has read (a deferred wake, a failed pass, a hole). */
    get behind(): boolean {
      return behind;
    },
    /** When (monotonic ms) the last pass started. */
    get lastPassAt(): number {
      return lastPassAt;
    },
    get mode(): TailMode {
      return mode;
    },
    /** A backlogged tail reads again once the deliveries in memory fell below half the bound. */
    relieved(): void {
      if (mode === 'backlogged' && options.liveCount() < maxLive / 2) {
        mode = 'idle';
        wake();
      }
    },
    /** True while no pass runs. */
    get resting(): boolean {
      return running === null;
    },
    /** Stops reading; resolves when the pass in progress ended. */
    async close(): Promise<void> {
      mode = 'closed';
      holes.close();
      await running;
      await late.close();
    },
  };
}

