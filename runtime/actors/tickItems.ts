import type { Db } from '../../storage/db.js';
import type { Repositories } from '../../storage/index.js';
import type { EventNotice, NewEvent } from '../../storage/repositories/events.js';
import { classifyWriteError } from './classifyWriteError.js';
import type { Fence } from './fence.js';
import type { RowWriters } from './rowWriter.js';
import { newPendingTick, type PendingActor, type PendingGroup, type PendingTick } from './pendingTick.js';
import { writeTick, type TickUnit } from './writeTick.js';

/*
 * The units of a tick as a flush writes them (flushTick.ts, overlapTick.ts): what a flush needs
 * and returns, and the one way to write units that recovers from failures (`writeItems`).
 */

/** What a flush needs from the host. */
export interface FlushContext {
  db: Db;
  repos: Repositories;
  /** The machines' row writers: every row kind but the host's own is written by its machine's. */
  writers: RowWriters;
  /** The unit of one actor: its snapshot and projection when live, plus its pending rows and events. May throw (encoding). */
  unitOf(id: string, pending: PendingActor): TickUnit;
  /** Leased actors (Postgres): writes are conditional on (owner, epoch). */
  fence?: Fence;
  /** The notices of written events, sent by the transaction that writes them (writeTick.ts). */
  notices?: (events: readonly NewEvent[]) => EventNotice[];
  /** SQLite: write a tick of deploys and actors as two transactions that overlap the deploys' callers (overlapTick.ts). */
  overlap?: boolean;
}

export interface FlushResult {
  /** Events of every stored unit, in tick order: publish them. */
  events: NewEvent[];
  /** Actors whose rows can never be stored: stop them and write their failure. */
  failed: Array<{ id: string; error: unknown }>;
  /** Actors whose rows were refused because another process holds them now: stop this copy. */
  fenced: string[];
  /** Work not written because the database failed for a passing reason: try again later. */
  retry: PendingTick | null;
  retryError: unknown;
}

export interface Item {
  unit: TickUnit;
  /** Where the unit came from, to put it back or answer its command. */
  actor?: { id: string; pending: PendingActor };
  group?: PendingGroup;
}

export function writesNothing(unit: TickUnit): boolean {
  if (unit.snapshot || unit.credits) return false;
  for (const kind in unit.rows) if ((unit.rows[kind as keyof typeof unit.rows] as unknown[] | undefined)?.length) return false;
  return true;
}

export function settleGroups(items: Item[]): void {
  for (const item of items) {
    const { unit } = item;
    item.group?.done(unit.rejected ? { stored: false, refused: false, error: unit.rejected } : unit.refused ? { stored: false, refused: true } : { stored: true });
  }
}

export function eventsOf(items: Item[]): NewEvent[] {
  return items.flatMap((item) => (item.unit.refused || item.unit.fenced ? [] : (item.unit.rows.events ?? [])));
}

export function fencedOf(items: Item[]): string[] {
  return items.flatMap((item) => (item.unit.fenced && item.actor ? [item.actor.id] : []));
}

/** The work of `items` as a pending tick again (for a retry). */
export function backToPending(items: Item[], waiters: PendingTick['waiters'], since: number | null): PendingTick {
  const tick = newPendingTick();
  for (const item of items) {
    if (item.actor) tick.actors.set(item.actor.id, item.actor.pending);
    if (item.group) tick.groups.push(item.group);
  }
  tick.waiters.push(...waiters);
  tick.since = since;
  return tick;
}

/** Writes `items` in one transaction, or unit by unit when that fails for good (see `flushTick`). */
export async function writeItems(ctx: FlushContext, items: Item[], failed: FlushResult['failed'], waiters: PendingTick['waiters'], since: number | null): Promise<FlushResult> {
  try {
    await ctx.db.transaction((trx) => writeTick(ctx.repos, ctx.writers, items.map((item) => item.unit), trx, ctx.fence, ctx.notices));
    settleGroups(items);
    return { events: eventsOf(items), failed, fenced: fencedOf(items), retry: null, retryError: null };
  } catch (error) {
    if (classifyWriteError(error) === 'transient') return { events: [], failed, fenced: [], retry: backToPending(items, waiters, since), retryError: error };
  }

  // Isolation: one transaction per unit.
  const stored: Item[] = [];
  for (let i = 0; i < items.length; i += 1) {
    const item = items[i]!;
    try {
      await ctx.db.transaction((trx) => writeTick(ctx.repos, ctx.writers, [item.unit], trx, ctx.fence, ctx.notices));
      stored.push(item);
    } catch (error) {
      if (classifyWriteError(error) === 'transient') {
        settleGroups(stored);
        return { events: eventsOf(stored), failed, fenced: fencedOf(stored), retry: backToPending(items.slice(i), waiters, since), retryError: error };
      }
      if (item.actor) failed.push({ id: item.actor.id, error });
      else item.group?.done({ stored: false, refused: false, error });
    }
  }
  settleGroups(stored);
  return { events: eventsOf(stored), failed, fenced: fencedOf(stored), retry: null, retryError: null };
}
