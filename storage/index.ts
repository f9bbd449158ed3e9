import type { Db } from './db.js';
import { apiKeysRepository } from './repositories/apiKeys.js';
import { crewStatusRepository } from './repositories/crewStatus.js';
import { eventsRepository } from './repositories/events.js';
import { idempotencyRepository } from './repositories/idempotency.js';
import { workspacesRepository } from './repositories/workspaces.js';

/** Every repository over one database handle. */
export function createRepositories(db: Db) {
  return {
    workspaces: workspacesRepository(db),
    apiKeys: apiKeysRepository(db),
    crewStatus: crewStatusRepository(db),
    events: eventsRepository(db),
    idempotency: idempotencyRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
