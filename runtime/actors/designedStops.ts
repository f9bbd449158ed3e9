/**
 * Errors of designed events, which the service handles as it should: the operator need not act
 * on them, so they are logged below error level (`logLevelOf`, issue 25).
 */

/** A write of an actor refused because another process holds it now (fencing). */
export class ActorFencedError extends Error {
  constructor(readonly actorId: string) {
    super(`actor ${actorId} is held by another process now`);
    this.name = 'ActorFencedError';
  }
}

/** Work handed to an actor host that is stopping or stopped (shutdown). */
export class HostStoppedError extends Error {
  constructor() {
    super('the actor host is stopped');
    this.name = 'HostStoppedError';
  }
}
