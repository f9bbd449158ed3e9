import type { CrewDefinition } from '../crews/index.js';
import { ServiceError } from '../errors.js';
import type { CapacityQueue } from './capacityQueue.js';

/** At most this many times the concurrency limit may wait in line (DESIGN section 5). */
export const queueFactor = 4;

/**
 * Refuses (429 with Retry-After) a command that would put more than `queueFactor` times the
 * workspace's limit in line, counting `adding` outcomes that would start now.
 */
export function checkCapacity(queue: CapacityQueue, workspaceId: string, limit: number, adding: number, crew: CrewDefinition): void {
  const running = queue.runningCount(workspaceId);
  const waiting = queue.waitingCount(workspaceId);
  const free = Math.max(0, limit - running);
  if (waiting + Math.max(0, adding - free) <= queueFactor * limit) return;
  const retryAfter = Math.max(1, crew.secondsPerStage);
  throw new ServiceError(
    429,
    'concurrency_limit_exceeded',
    `This workspace already has ${running} outcomes processing and ${waiting} waiting (limit ${limit}, up to ${queueFactor * limit} may wait).`,
    { concurrent_limit: limit, processing: running, queued: waiting, max_queued: queueFactor * limit, retry_after_seconds: retryAfter },
    { 'Retry-After': String(retryAfter) },
  );
}
