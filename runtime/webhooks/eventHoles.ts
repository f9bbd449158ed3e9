import type { Logger } from 'pino';
import type { EventsRepository } from '../../storage/repositories/events.js';
import type { MonotonicClock } from './sender.js';

/**
 * A hole skipped while a writer that may fill it was still open (it outlasted `gapWaitMs`): the
 * positions `from` to `to`, and the mark its open writers began before (`events.holeMayFill`).
 */
export interface SkippedHole {
  from: number;
  to: number;
  mark: string;
}

/**
 * The fan-out's wait on holes in event positions. A missing position may be a transaction that
 * took its number but has not committed yet (Postgres): it is waited for while a transaction older
 * than the hole is still open, at most `gapWaitMs`; a hole no open transaction can fill is skipped
 * at once (`events.holeMayFill`), so holes left by rolled-back or replayed writes cost nothing.
 *
 * Invariants: at most one hole is tracked (the first after the cursor) and at most one re-read
 * timer is pending; a probe that fails counts as an open writer (the hole is waited for, bounded);
 * a hole is read past as empty only when a read after a probe that found no writer open found
 * nothing in it (a writer may commit between the batch's read and the probe).
 */
export interface EventHoles {
  /**
   * The events of `batch` that directly follow `cursor`, up to the first hole still waited for.
   * A hole given up on while its writer may still commit is added to `skipped` (lateEvents.ts
   * fans out what that writer commits later).
   */
  contiguous<T extends { position: number }>(cursor: number, batch: T[], skipped?: SkippedHole[]): Promise<T[]>;
  /** Cancels the pending re-read (the tail closes). */
  close(): void;
}

export interface EventHolesOptions {
  events: Pick<EventsRepository, 'holeMayFill' | 'listBetweenPositions'>;
  monotonic: MonotonicClock;
  logger: Logger;
  gapWaitMs: number;
  /** Reads again (50 ms after stopping at a hole), unless `othersFanOut()`. */
  wake(): void;
  /** Another node moved the cursor lately: it is fanning out and waits on this hole too. */
  othersFanOut(): boolean;
}

export function createEventHoles(options: EventHolesOptions): EventHoles {
  const { events, monotonic, logger, gapWaitMs } = options;
  let gap: { position: number; since: number; mark: string } | null = null;
  let gapTimer: NodeJS.Timeout | null = null;

  function rereadSoon(): void {
    if (gapTimer) return;
    gapTimer = setTimeout(() => {
      gapTimer = null;
      if (!options.othersFanOut()) options.wake();
    }, 50);
    gapTimer.unref();
  }

  return {
    async contiguous(cursor, batch, skipped) {
      let expected = cursor + 1;
      for (let i = 0; i < batch.length; i++) {
        const event = batch[i]!;
        if (event.position !== expected) {
          const now = monotonic.now();
          const known = gap && gap.position === expected ? gap : null;
          // A probe that fails counts as an open writer: the hole is then waited for up to gapWaitMs, as before.
          const probe = await events.holeMayFill(known?.mark).catch((error: unknown) => {
            logger.warn({ err: error }, 'could not check for open transactions; waiting on the hole');
            return { mark: known?.mark ?? '', open: true };
          });
          const current = known ?? { position: expected, since: now, mark: probe.mark };
          gap = current;
          const open = probe.open;
          if (open && now - current.since < gapWaitMs) {
            rereadSoon();
            return batch.slice(0, i);
          }
          if (open) {
            logger.warn({ position: expected }, 'a hole in event positions outlasted the wait; reading on, and fanning out what its writer commits later');
            skipped?.push({ from: expected, to: event.position - 1, mark: current.mark });
          } else if ((await events.listBetweenPositions(expected, event.position - 1)).length > 0) {
            // No writer is open now, yet its commit may have come between the batch's read and the
            // probe: the read after the probe sees all it will ever hold. Filled: read it again.
            gap = null;
            rereadSoon();
            return batch.slice(0, i);
          }
          gap = null;
        }
        expected = event.position + 1;
      }
      return batch;
    },
    close() {
      if (gapTimer) clearTimeout(gapTimer);
      gapTimer = null;
    },
  };
}
