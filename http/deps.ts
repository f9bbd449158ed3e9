import type { Logger } from 'pino';
import type { KeyService } from '../runtime/auth/keyService.js';
import type { Clock } from '../runtime/clock.js';
import type { Config } from '../runtime/config.js';
import type { CrewCatalog } from '../runtime/crewCatalog.js';
import type { ActorHostHealth } from '../runtime/actors/actorHost.js';
import type { EventBus } from '../runtime/events/eventBus.js';
import type { IdGenerator } from '../runtime/ids.js';
import type { IdempotencyService } from '../runtime/idempotency/idempotencyService.js';
import type { Metrics } from '../runtime/metrics/createMetrics.js';
import type { Outcomes } from '../runtime/outcomes/outcomes.js';
import type { SseOpener } from './stream/sseStream.js';
import type { RateLimiter } from '../runtime/rateLimiter.js';
import type { Tools } from '../runtime/tools/index.js';
import type { WebhookService } from '../runtime/webhooks/service.js';
import type { WorkspaceService } from '../runtime/workspaceService.js';
import type { Repositories } from '../storage/index.js';
import type { ApprovalLinks } from '../runtime/approvals/approvalLinks.js';
import type { Decisions } from '../runtime/approvals/decisions.js';

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
  /** The outcome commands (runtime/outcomes/outcomes.ts): deploy, run, batch, revise, cancel, retry; live actors. */
  engine: Outcomes;
  /** Whether the actor host keeps up (readiness). */
  actorHealth(): ActorHostHealth;
  /** MCP tool connections, the agents' tool service, integrations, the plugin registry and hosts (runtime/tools). */
  tools: Tools;
  /** Idempotency-Key records (claim, lease, encrypted answers). */
  idempotency: IdempotencyService;
  /** True when the database answers. */
  databaseReady(): Promise<boolean>;
  version: string;
  /** Prometheus series of this runtime (GET /metrics, request timing); absent: /metrics answers 404. */
  metrics?: Metrics;
  /** Server-Sent Events of an outcome, served by the outcome stream's hubs (app/compose/eventsOut.ts); absent: 503. */
  openSse?: SseOpener;
  /** Answers to outcomes' pending actions and the signer of their links (issue 27); absent: 503. */
  approvals?: { decisions: Decisions; links: ApprovalLinks };
}
