import type { Db } from '../../storage/db.js';
import type { Repositories } from '../../storage/index.js';
import type { LeaseTerms } from '../../storage/repositories/actors.js';

/**
 * What a tick's write is conditional on when actors are leased (Postgres): this process's owner
 * id and the epoch it holds each actor at. Absent on SQLite (one process per data directory).
 */
export interface Fence {
  owner: string;
  /** The epoch this process took `id` at, or undefined when it holds no lease on it. */
  epochOf(id: string): number | undefined;
  /** The lease a row inserted now gets. */
  terms(): LeaseTerms;
}

/** A unit of a tick as fencing sees it. */
interface FencedUnit {
  actorId: string | null;
  refused?: boolean;
  fenced?: boolean;
}

/**
 * Locks the rows of the tick's actors and marks `fenced` every unit whose actor another process
 * holds now (another owner, or the same owner at a later epoch: it was taken over and released).
 * An actor whose row is gone (retired) is not fenced. One statement per tick.
 */
export async function fenceUnits(repos: Repositories, units: FencedUnit[], trx: Db, fence: Fence): Promise<void> {
  const ids = [...new Set(units.filter((unit) => unit.actorId !== null && !unit.refused).map((unit) => unit.actorId!))];
  const owners = await repos.actors.lockOwnership(ids, trx);
  for (const unit of units) {
    if (unit.actorId === null) continue;
    const held = owners.get(unit.actorId);
    if (!held) continue;
    const epoch = fence.epochOf(unit.actorId);
    unit.fenced = held.owner !== fence.owner || (epoch !== undefined && held.epoch !== epoch);
  }
}
