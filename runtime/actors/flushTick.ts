import type { Db } from '../../storage/db.js';
import type { Repositories } from '../../storage/index.js';
import type { EventNotice, NewEvent } from '../../storage/repositories/events.js';
import { classifyWriteError } from './classifyWriteError.js';
import type { Fence } from './fence.js';
import type { RowWriters } from './rowWriter.js';
import { newPendingTick, type PendingActor, type PendingGroup, type PendingTick } from './pendingTick.js';
import { writeTick, type TickUnit } from './writeTick.js';

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

interface Item {
  unit: TickUnit;
  /** Where the unit came from, to put it back or answer its command. */
  actor?: { id: string; pending: PendingActor };
  group?: PendingGroup;
}

function writesNothing(unit: TickUnit): boolean {
  if (unit.snapshot || unit.credits) return false;
  for (const kind in unit.rows) if ((unit.rows[kind as keyof typeof unit.rows] as unknown[] | undefined)?.length) return false;
  return true;
}

function settleGroups(items: Item[]): void {
  for (const item of items) {
    const { unit } = item;
    item.group?.done(unit.rejected ? { stored: false, refused: false, error: unit.rejected } : unit.refused ? { stored: false, refused: true } : { stored: true });
  }
}

function eventsOf(items: Item[]): NewEvent[] {
  return items.flatMap((item) => (item.unit.refused || item.unit.fenced ? [] : (item.unit.rows.events ?? [])));
}

function fencedOf(items: Item[]): string[] {
  return items.flatMap((item) => (item.unit.fenced && item.actor ? [item.actor.id] : []));
}

/** The work of `items` as a pending tick again (for a retry). */
function backToPending(items: Item[], waiters: PendingTick['waiters'], since: number | null): PendingTick {
  const tick = newPendingTick();
  for (const item of items) {
    if (item.actor) tick.actors.set(item.actor.id, item.actor.pending);
    if (item.group) tick.groups.push(item.group);
  }
  tick.waiters.push(...waiters);
  tick.since = since;
  return tick;
}

/**
 * Writes one pending tick. First everything in one transaction (the fast path). When that fails
 * for a reason retrying cannot fix, each actor's and each command's unit is written alone, so the
 * one that cannot be stored is found and reported in `failed` while the rest commits. A passing
 * failure (connection, serialization, busy) hands the unwritten work back in `retry`.
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

  try {
    await ctx.db.transaction((trx) => writeTick(ctx.repos, ctx.writers, items.map((item) => item.unit), trx, ctx.fence, ctx.notices));
    settleGroups(items);
    return { events: eventsOf(items), failed, fenced: fencedOf(items), retry: null, retryError: null };
  } catch (error) {
    if (classifyWriteError(error) === 'transient') return { events: [], failed, fenced: [], retry: backToPending(items, tick.waiters, tick.since), retryError: error };
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
        return { events: eventsOf(stored), failed, fenced: fencedOf(stored), retry: backToPending(items.slice(i), tick.waiters, tick.since), retryError: error };
      }
      if (item.actor) failed.push({ id: item.actor.id, error });
      else item.group?.done({ stored: false, refused: false, error });
    }
  }
  settleGroups(stored);
  return { events: eventsOf(stored), failed, fenced: fencedOf(stored), retry: null, retryError: null };
}
