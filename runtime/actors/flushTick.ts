import { classifyWriteError } from './classifyWriteError.js';
import { overlapSplit, overlapTick } from './overlapTick.js';
import type { PendingTick } from './pendingTick.js';
import { settleGroups, writeItems, writesNothing, type FlushContext, type FlushResult, type Item } from './tickItems.js';

export type { FlushContext, FlushResult } from './tickItems.js';

/**
 * Writes one pending tick. First everything in one transaction (the fast path). When that fails
 * for a reason retrying cannot fix, each actor's and each command's unit is written alone, so the
 * one that cannot be stored is found and reported in `failed` while the rest commits. A passing
 * failure (connection, serialization, busy) hands the unwritten work back in `retry`.
 *
 * With `overlap` (SQLite), a tick of deploys and actors is written as two transactions on the one
 * writer connection (overlapTick.ts): the deploys first, whose callers go on at their commit, then
 * the actors' rows in one call that SQLite runs while the main thread runs what that commit
 * released.
 */
export async function flushTick(ctx: FlushContext, tick: PendingTick): Promise<FlushResult> {
  const items: Item[] = [];
  const failed: FlushResult['failed'] = [];
  for (const [id, pending] of tick.actors) {
    try {
      items.push({ unit: ctx.unitOf(id, pending), actor: { id, pending } });
    } catch (error) {
      if (classifyWriteError(error) === 'permanent') failed.push({ id, error });
      else throw error;
    }
  }
  for (const group of tick.groups) items.push({ unit: { actorId: null, snapshot: null, rows: group.rows, ...(group.credits ? { credits: group.credits } : {}) }, group });
  // Nothing to write (steps that store nothing, e.g. an attempt starting; `flushed` alone): no transaction.
  if (items.every((item) => writesNothing(item.unit))) {
    settleGroups(items);
    return { events: [], failed, fenced: [], retry: null, retryError: null };
  }
  if (ctx.overlap && !ctx.fence) {
    const split = overlapSplit(items);
    if (split) return overlapTick(ctx, split, failed, tick);
  }
  return writeItems(ctx, items, failed, tick.waiters, tick.since);
}

