import type { Logger } from 'pino';
import type { KeyService } from '../runtime/auth/keyService.js';
import type { Clock } from '../runtime/clock.js';
import type { Config } from '../runtime/config.js';
import type { CrewCatalog } from '../runtime/crewCatalog.js';
import type { Engine } from '../runtime/engine/engine.js';
import type { EventBus } from '../runtime/events/eventBus.js';
import type { IdGenerator } from '../runtime/ids.js';
import type { RateLimiter } from '../runtime/rateLimiter.js';
import type { WebhookService } from '../runtime/webhooks/service.js';
import type { WorkspaceService } from '../runtime/workspaceService.js';
import type { Repositories } from '../storage/index.js';

/** What the HTTP layer may use: runtime services for commands, repositories for reads. */
export interface HttpDeps {
  config: Config;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  repos: Repositories;
  keys: KeyService;
  workspaces: WorkspaceService;
  rateLimiter: RateLimiter;
  crews: CrewCatalog;
  eventBus: EventBus;
  /** Webhook management (runtime/webhooks/service.ts). */
  webhooks: WebhookService;
  /** The outcome engine: deploy, revise, cancel, retry; live actors. */
  engine: Engine;
  /** True when the database answers. */
  databaseReady(): Promise<boolean>;
  version: string;
}
