import { ServiceError } from '../errors.js';

/**
 * Thrown by `ActorHost.load` on Postgres for an unfinished actor another crewd process holds a
 * live lease on: this process may not run a second copy of it (DESIGN section 3). The commands
 * users send (cancel, revise, retry, a chat sync) catch it and forward the command to the owner
 * (commandForwarding.ts); the 409 reaches nobody unless a caller lets it through.
 */
export class ActorOwnedElsewhereError extends ServiceError {
  constructor(readonly actorId: string) {
    super(409, 'actor_owned_elsewhere', `${actorId} is running on another crewd process right now; try again once it settles.`, { id: actorId });
    this.name = 'ActorOwnedElsewhereError';
  }
}
