import type { NewEvent } from '../../storage/repositories/events.js';
import type { TickRows } from './tickRows.js';
import type { CreditGuard } from './writeTick.js';

/** What one actor has waiting for the next tick. */
export interface PendingActor {
  /** Its snapshot changed since the last write. */
  dirty: boolean;
  events: NewEvent[];
  rows: TickRows[];
}

/** A command's rows written as one group (a deploy); `done` learns whether they were stored. */
export interface PendingGroup {
  rows: TickRows;
  credits?: CreditGuard;
  done(result: { stored: true } | { stored: false; refused: boolean; error?: unknown }): void;
}

/** Work queued for the next tick; a flush takes it whole and starts a new one. */
export interface PendingTick {
  actors: Map<string, PendingActor>;
  groups: PendingGroup[];
  waiters: Array<{ resolve: () => void; reject: (error: unknown) => void }>;
  /** When the first piece of work arrived (ms), or null while empty. */
  since: number | null;
}

export function newPendingTick(): PendingTick {
  return { actors: new Map(), groups: [], waiters: [], since: null };
}

export function isEmptyTick(tick: PendingTick): boolean {
  return tick.actors.size === 0 && tick.groups.length === 0 && tick.waiters.length === 0;
}

/** The pending entry of an actor, created on first use. */
export function pendingActor(tick: PendingTick, id: string, now: number): PendingActor {
  let entry = tick.actors.get(id);
  if (!entry) {
    tick.actors.set(id, (entry = { dirty: false, events: [], rows: [] }));
    tick.since ??= now;
  }
  return entry;
}

/** Puts `later` behind `first` (a failed tick goes back in front of what arrived meanwhile). */
export function prependTick(first: PendingTick, later: PendingTick): PendingTick {
  for (const [id, entry] of later.actors) {
    const mine = first.actors.get(id);
    if (!mine) first.actors.set(id, entry);
    else {
      mine.dirty ||= entry.dirty;
      mine.events.push(...entry.events);
      mine.rows.push(...entry.rows);
    }
  }
  first.groups.push(...later.groups);
  first.waiters.push(...later.waiters);
  first.since = Math.min(first.since ?? Infinity, later.since ?? Infinity);
  if (first.since === Infinity) first.since = null;
  return first;
}
