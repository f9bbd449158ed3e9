import type { ActorHostHealth } from './actorHost.js';

/**
 * True when the actor host has had work pending for longer than `thresholdMs` and has not
 * committed a tick within that time either: every command and transition is then waiting on it.
 */
export function isStalled(health: ActorHostHealth, now: Date, thresholdMs: number): boolean {
  if (health.pendingSince === null) return false;
  const at = now.getTime();
  const lastCommit = health.lastCommitAt === null ? -Infinity : Date.parse(health.lastCommitAt);
  return at - Date.parse(health.pendingSince) > thresholdMs && at - lastCommit > thresholdMs;
}
