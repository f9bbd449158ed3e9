import type { Logger } from 'pino';
import type {
  ActorHostHealth,
  ApprovalLinks,
  Clock,
  Config,
  CrewCatalog,
  Decisions,
  EventBus,
  IdempotencyService,
  IdGenerator,
  KeyService,
  Metrics,
  Outcomes,
  RateLimiter,
  WorkspaceService,
} from '../runtime/ports.js';
import type { SseOpener } from './stream/sseStream.js';
import type { Tools } from '../runtime/tools/index.js';
import type { WebhookService } from '../runtime/webhooks/service.js';
import type {
  ApiKeysRepository,
  ApprovalsRepository,
  EventsRepository,
  McpOAuthGrantsRepository,
  OutcomesRepository,
  RevisionsRepository,
  ToolCallsRepository,
  ToolConnectionsRepository,
  WorkflowsRepository,
  WorkspacesRepository,
} from '../storage/ports.js';

/**
 * The storage ports http/ uses (issue 28, item 3): the reads of the routes, not every repository.
 * Two writes remain, each the http layer's own: the workspace's approval policy (PATCH
 * /v1/workspace) and the grants of the MCP OAuth server (http/mcpOAuth).
 */
export interface HttpReads {
  workspaces: Pick<WorkspacesRepository, 'get'>;
  apiKeys: Pick<ApiKeysRepository, 'get' | 'getAny' | 'listActive'>;
  approvals: Pick<ApprovalsRepository, 'get' | 'getAny' | 'list' | 'policy' | 'setPolicy' | 'clearPolicy'>;
  events: Pick<EventsRepository, 'listForOutcome' | 'listAfterPositionOf' | 'maxPositionOf'>;
  outcomes: Pick<OutcomesRepository, 'get' | 'getMany' | 'getInput' | 'list' | 'briefsOf' | 'countByStatus'>;
  revisions: Pick<RevisionsRepository, 'listForOutcome'>;
  workflows: Pick<WorkflowsRepository, 'get'>;
  toolCalls: Pick<ToolCallsRepository, 'page' | 'countForOutcome'>;
  toolConnections: Pick<ToolConnectionsRepository, 'get'>;
  mcpOAuthGrants: McpOAuthGrantsRepository;
}

/** What the HTTP layer may use: runtime services for commands, the read ports of storage for reads. */
export interface HttpDeps {
  config: Config;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  repos: HttpReads;
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
