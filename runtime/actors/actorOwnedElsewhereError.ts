import { ServiceError } from '../errors.js';

/**
 * Thrown by `ActorHost.load` on Postgres for an unfinished actor another crewd process holds a
 * live lease on: this process may not run a second copy of it (DESIGN section 3). A 409 the
 * client can retry; the owner keeps running the actor.
 */
export class ActorOwnedElsewhereError extends ServiceError {
  constructor(readonly actorId: string) {
    super(409, 'actor_owned_elsewhere', `${actorId} is running on another crewd process right now; try again once it settles.`, { id: actorId });
    this.name = 'ActorOwnedElsewhereError';
  }
}
