/**
 * Thrown by `ActorHost.load` for an actor the host stopped after a failure (poison isolation:
 * its row has status `error`). The actor cannot take events again; callers answer with a 409.
 */
export class ActorStoppedError extends Error {
  constructor(readonly actorId: string) {
    super(`actor ${actorId} was stopped after a failure`);
    this.name = 'ActorStoppedError';
  }
}
