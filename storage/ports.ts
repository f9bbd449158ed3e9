/**
 * What storage/ offers the layers above (issue 28, item 3): one declared contract per repository,
 * each beside the factory that implements it (`xRepository(db): XRepository`), gathered here.
 * Upper layers depend on these interfaces, not on what a factory happens to return.
 */
import type { ActorCommandsRepository } from './repositories/actorCommands.js';
import type { ActorsRepository } from './repositories/actors.js';
import type { ApiKeysRepository } from './repositories/apiKeys.js';
import type { ApprovalsRepository } from './repositories/approvals.js';
import type { CapacityLineRepository } from './repositories/capacityLine.js';
import type { ConversationCheckpointsRepository } from './repositories/conversationCheckpoints.js';
import type { CreditsRepository } from './repositories/credits.js';
import type { CrewStatusRepository } from './repositories/crewStatus.js';
import type { EventsRepository } from './repositories/events.js';
import type { IdempotencyRepository } from './repositories/idempotency.js';
import type { IntegrationConfigsRepository } from './repositories/integrationConfigs.js';
import type { KnowledgeBaseRepository } from './repositories/knowledgeBase.js';
import type { McpOAuthGrantsRepository } from './repositories/mcpOAuthGrants.js';
import type { OAuthCredentialsRepository } from './repositories/oauthCredentials.js';
import type { OAuthStatesRepository } from './repositories/oauthStates.js';
import type { OutcomesRepository } from './repositories/outcomes.js';
import type { PluginKvRepository } from './repositories/pluginKv.js';
import type { RevisionsRepository } from './repositories/revisions.js';
import type { SecretKeyCheckRepository } from './repositories/secretKeyCheck.js';
import type { StageOutputsRepository } from './repositories/stageOutputs.js';
import type { TimersRepository } from './repositories/timers.js';
import type { ToolCallsRepository } from './repositories/toolCalls.js';
import type { ToolCatalogsRepository } from './repositories/toolCatalogs.js';
import type { ToolConnectionsRepository } from './repositories/toolConnections.js';
import type { WebhookDeliveriesRepository } from './repositories/webhookDeliveries.js';
import type { WebhooksRepository } from './repositories/webhooks.js';
import type { WorkflowsRepository } from './repositories/workflows.js';
import type { WorkspacesRepository } from './repositories/workspaces.js';

export type {
  ActorCommandsRepository,
  ActorsRepository,
  ApiKeysRepository,
  ApprovalsRepository,
  CapacityLineRepository,
  ConversationCheckpointsRepository,
  CreditsRepository,
  CrewStatusRepository,
  EventsRepository,
  IdempotencyRepository,
  IntegrationConfigsRepository,
  KnowledgeBaseRepository,
  McpOAuthGrantsRepository,
  OAuthCredentialsRepository,
  OAuthStatesRepository,
  OutcomesRepository,
  PluginKvRepository,
  RevisionsRepository,
  SecretKeyCheckRepository,
  StageOutputsRepository,
  TimersRepository,
  ToolCallsRepository,
  ToolCatalogsRepository,
  ToolConnectionsRepository,
  WebhookDeliveriesRepository,
  WebhooksRepository,
  WorkflowsRepository,
  WorkspacesRepository,
};

/** Every repository over one database handle (storage/index.ts, createRepositories). */
export interface Repositories {
  workspaces: WorkspacesRepository;
  apiKeys: ApiKeysRepository;
  approvals: ApprovalsRepository;
  crewStatus: CrewStatusRepository;
  events: EventsRepository;
  idempotency: IdempotencyRepository;
  outcomes: OutcomesRepository;
  stageOutputs: StageOutputsRepository;
  revisions: RevisionsRepository;
  workflows: WorkflowsRepository;
  actors: ActorsRepository;
  timers: TimersRepository;
  credits: CreditsRepository;
  webhooks: WebhooksRepository;
  webhookDeliveries: WebhookDeliveriesRepository;
  knowledgeBase: KnowledgeBaseRepository;
  conversationCheckpoints: ConversationCheckpointsRepository;
  toolConnections: ToolConnectionsRepository;
  toolCatalogs: ToolCatalogsRepository;
  toolCalls: ToolCallsRepository;
  integrationConfigs: IntegrationConfigsRepository;
  pluginKv: PluginKvRepository;
  oauthStates: OAuthStatesRepository;
  mcpOAuthGrants: McpOAuthGrantsRepository;
  oauthCredentials: OAuthCredentialsRepository;
}
