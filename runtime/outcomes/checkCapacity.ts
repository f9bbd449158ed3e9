import type { Db } from '../../storage/db.js';
import { countLine } from '../../storage/repositories/admission.js';
import type { CrewDefinition } from '../../crews/index.js';
import { ServiceError } from '../errors.js';
import type { CapacityQueue } from './capacityQueue.js';

/** At most this many times the concurrency limit may wait in line (DESIGN section 5). */
export const queueFactor = 4;

/** A condition a command's commit transaction checks; an Error refuses the commit (nothing written). */
export type CommitCondition = (trx: Db) => Promise<Error | undefined>;

/**
 * A command was planned on a workspace approval policy that another request changed before the
 * command's commit: nothing of it was written; plan it again on the policy read now.
 */
export class PolicyChangedError extends Error {
  constructor(readonly workspaceId: string) {
    super(`the approval policy of workspace ${workspaceId} changed while the command was planned`);
    this.name = 'PolicyChangedError';
  }
}

function lineFull(limit: number, running: number, waiting: number, crew: CrewDefinition): ServiceError {
  const retryAfter = Math.max(1, crew.secondsPerStage);
  return new ServiceError(
    429,
    'concurrency_limit_exceeded',
    `This workspace already has ${running} outcomes processing and ${waiting} waiting (limit ${limit}, up to ${queueFactor * limit} may wait).`,
    { concurrent_limit: limit, processing: running, queued: waiting, max_queued: queueFactor * limit, retry_after_seconds: retryAfter },
    { 'Retry-After': String(retryAfter) },
  );
}

/**
 * Refuses (429 with Retry-After) a command that would put more than `queueFactor` times the
 * workspace's limit in line, counting `adding` outcomes that would start now. A quick answer from
 * this process's view of the line, before anything is prepared; the exact check is `admitToLine`.
 */
export function checkCapacity(queue: CapacityQueue, workspaceId: string, limit: number, adding: number, crew: CrewDefinition): void {
  const running = queue.runningCount(workspaceId);
  const waiting = queue.waitingCount(workspaceId);
  const free = Math.max(0, limit - running);
  if (waiting + Math.max(0, adding - free) <= queueFactor * limit) return;
  throw lineFull(limit, running, waiting, crew);
}

/**
 * The exact waiting-line check, run inside the transaction that commits `adding` new outcomes
 * (issue 25): the line is counted from the committed outcomes under the workspace's row lock
 * (serialised on SQLite), plus what earlier commands of the same transaction admitted (`tally`),
 * so simultaneous deploys on one or many processes never put more than `limit` running plus
 * `queueFactor × limit` waiting. The in-memory `checkCapacity` alone let 38 of 40 through.
 * Under the same lock it checks that the workspace's approval policy is still at `policyVersion`,
 * the version the command was planned on (a `PolicyChangedError` otherwise).
 */
export function admitToLine(workspaceId: string, adding: number, crew: CrewDefinition, policyVersion: number) {
  return async (trx: Db, tally: Map<string, number>): Promise<Error | undefined> => {
    // Counted once per workspace and transaction (the lock holds until its end); later commands
    // of the same group commit add to the tally.
    const inLineKey = `line:${workspaceId}`;
    const limitKey = `limit:${workspaceId}`;
    const policyKey = `policy:${workspaceId}`;
    if (!tally.has(inLineKey)) {
      const line = await countLine(trx, workspaceId);
      if (!line) return undefined;
      tally.set(inLineKey, line.inLine).set(limitKey, line.limit).set(policyKey, line.policyVersion);
    }
    // Planned on an approval policy that changed since it was read: planned again (outcomes.ts).
    if (tally.get(policyKey) !== policyVersion) return new PolicyChangedError(workspaceId);
    const inLine = tally.get(inLineKey)!;
    const limit = tally.get(limitKey)!;
    if (inLine + adding > (1 + queueFactor) * limit) {
      const running = Math.min(inLine, limit);
      return lineFull(limit, running, inLine - running, crew);
    }
    tally.set(inLineKey, inLine + adding);
    return undefined;
  };
}
