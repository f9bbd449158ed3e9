import type { Db } from '../../storage/db.js';
import { withBatchedWrites } from '../../storage/sql/batchedWrites.js';
import type { Repositories } from '../../storage/index.js';
import type { EncodedActorRow } from '../../storage/repositories/actors.js';
import type { EventNotice, NewEvent } from '../../storage/repositories/events.js';
import { fenceUnits, type Fence } from './fence.js';
import type { RowWriters } from './rowWriter.js';
import { mergeTickRows, type TickRows } from './tickRows.js';

/**
 * What a command's group of rows needs to be written: its credits (taken only when all of them
 * can be), and optional conditions checked in the same transaction. A condition that answers an
 * Error keeps the group out (nothing of it written, its credits given back) and the command's
 * `commit` rejects with that Error.
 */
export interface CreditGuard {
  workspaceId: string;
  count: number;
  /**
   * Checked before credits are taken (admission: the workspace's waiting line). `tally` is shared
   * by the groups of one transaction, so a check can count what earlier groups of it admitted.
   */
  admit?(trx: Db, tally: Map<string, number>): Promise<Error | undefined>;
  /**
   * Checked after the credits were taken, for a group that got them (fencing: the request still
   * holds its Idempotency-Key; the check's conditional write makes the claim final).
   */
  claim?(trx: Db): Promise<Error | undefined>;
}

/** One isolatable part of a tick: one actor's snapshot with its rows, or one command's group. */
export interface TickUnit {
  /** The actor the rows belong to; null for a command's group (a deploy). */
  actorId: string | null;
  snapshot: EncodedActorRow | null;
  rows: TickRows;
  credits?: CreditGuard;
  /** Set by `writeTick` when the guard refused: nothing of this unit was written. */
  refused?: boolean;
  /** Set by `writeTick` when another process holds the actor now (fencing): nothing of this unit was written. */
  fenced?: boolean;
  /** Set by `writeTick` when a guard's condition failed (`admit`, `claim`): nothing written; the command fails with it. */
  rejected?: Error;
}

/** Runs the guards' `admit` checks, groups of one workspace together (a stable lock order). */
async function admitUnits(units: TickUnit[], trx: Db): Promise<void> {
  const tally = new Map<string, number>();
  const guarded = units.filter((unit) => unit.credits?.admit).sort((x, y) => (x.credits!.workspaceId < y.credits!.workspaceId ? -1 : x.credits!.workspaceId > y.credits!.workspaceId ? 1 : 0));
  for (const unit of guarded) reject(unit, await unit.credits!.admit!(trx, tally));
}

/** Runs the guards' `claim` checks of the groups that got their credits; a failed one gives them back. */
async function claimUnits(repos: Repositories, units: TickUnit[], trx: Db): Promise<void> {
  for (const unit of units) {
    if (!unit.credits?.claim || unit.refused) continue;
    const error = await unit.credits.claim(trx);
    if (!error) continue;
    reject(unit, error);
    await repos.credits.give(unit.credits.workspaceId, unit.credits.count, trx);
  }
}

function reject(unit: TickUnit, error: Error | undefined): void {
  if (!error) return;
  unit.rejected = error;
  unit.refused = true;
}

/** Takes the credits of the guarded units: per workspace at once when they cover all, else unit by unit. */
async function takeCredits(repos: Repositories, units: TickUnit[], trx: Db): Promise<void> {
  const needed = new Map<string, number>();
  for (const unit of units) if (unit.credits) needed.set(unit.credits.workspaceId, (needed.get(unit.credits.workspaceId) ?? 0) + unit.credits.count);
  for (const [workspaceId, count] of needed) {
    if (await repos.credits.take(workspaceId, count, trx)) continue;
    for (const unit of units) {
      if (unit.credits?.workspaceId !== workspaceId) continue;
      unit.refused = !(await repos.credits.take(workspaceId, unit.credits.count, trx));
    }
  }
}

/**
 * Writes the units of one tick inside `trx`: credit guards first, then the machines' `insert`
 * row writers, the new actor rows and the snapshots, the machines' `update` row writers, and the
 * events last. The host knows no machine's table: every other kind of row goes to the writer its
 * machine registered (rowWriter.ts). The one place a tick reaches storage.
 *
 * With a `fence` (Postgres, leased actors) the write is conditional on (owner, epoch): the tick's
 * actor rows are locked first, and a unit whose actor another process holds now is marked
 * `fenced` and nothing of it is written; new actor rows are inserted owned by this process.
 * With `notices`, the statement that appends the events also NOTIFYs the other processes of them
 * (delivered on commit): the tick needs no statement of its own to announce them.
 */
export async function writeTick(repos: Repositories, writers: RowWriters, units: TickUnit[], trx: Db, fence?: Fence, notices?: (events: readonly NewEvent[]) => EventNotice[]): Promise<void> {
  for (const unit of units) {
    unit.refused = false;
    unit.fenced = false;
    delete unit.rejected;
  }
  if (fence) await fenceUnits(repos, units, trx, fence);
  await admitUnits(units, trx);
  await takeCredits(repos, units.filter((unit) => !unit.rejected), trx);
  await claimUnits(repos, units, trx);
  // The writes go to the database as one call (storage/sql/batchedWrites.ts).
  await withBatchedWrites(trx, () => writeRows(repos, writers, units, trx, fence, notices));
}

/** The rows of the units the guards and the fence let through, in the order `writeTick` documents. */
async function writeRows(repos: Repositories, writers: RowWriters, units: TickUnit[], trx: Db, fence?: Fence, notices?: (events: readonly NewEvent[]) => EventNotice[]): Promise<void> {
  const rows: TickRows = {};
  const snapshots: EncodedActorRow[] = [];
  for (const unit of units) {
    if (unit.refused || unit.fenced) continue;
    mergeTickRows(rows, unit.rows);
    if (unit.snapshot) snapshots.push(unit.snapshot);
  }
  await writers.write('insert', rows, trx, repos);
  if (rows.actors?.length) await repos.actors.insert(rows.actors, trx, fence?.terms());
  if (snapshots.length) await repos.actors.upsertMany(snapshots, trx);
  await writers.write('update', rows, trx, repos);
  // The events' notices to the other processes ride the statement that appends them (Postgres).
  if (rows.events?.length) await repos.events.appendMany(rows.events, trx, notices?.(rows.events));
}
