import { ActorFencedError, HostStoppedError } from './actors/designedStops.js';

/**
 * The level an internal failure is logged at: `error` only for what an operator must act on.
 * A fenced stale write (another process holds the actor: the design working) is a warning; work
 * refused by a stopping host is shutdown, information. The error's causes are searched too.
 */
export function logLevelOf(error: unknown): 'error' | 'warn' | 'info' {
  for (let cause = error, depth = 0; cause && typeof cause === 'object' && depth < 6; cause = (cause as { cause?: unknown }).cause, depth += 1) {
    if (cause instanceof HostStoppedError) return 'info';
    if (cause instanceof ActorFencedError) return 'warn';
  }
  return 'error';
}
