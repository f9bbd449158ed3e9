import type { Db } from './db.js';
import type { Repositories } from './ports.js';
import { actorsRepository } from './repositories/actors.js';
import { apiKeysRepository } from './repositories/apiKeys.js';
import { approvalsRepository } from './repositories/approvals.js';
import { conversationCheckpointsRepository } from './repositories/conversationCheckpoints.js';
import { creditsRepository } from './repositories/credits.js';
import { crewStatusRepository } from './repositories/crewStatus.js';
import { eventsRepository } from './repositories/events.js';
import { idempotencyRepository } from './repositories/idempotency.js';
import { knowledgeBaseRepository } from './repositories/knowledgeBase.js';
import { integrationConfigsRepository } from './repositories/integrationConfigs.js';
import { outcomesRepository } from './repositories/outcomes.js';
import { oauthStatesRepository } from './repositories/oauthStates.js';
import { mcpOAuthGrantsRepository } from './repositories/mcpOAuthGrants.js';
import { oauthCredentialsRepository } from './repositories/oauthCredentials.js';
import { pluginKvRepository } from './repositories/pluginKv.js';
import { revisionsRepository } from './repositories/revisions.js';
import { stageOutputsRepository } from './repositories/stageOutputs.js';
import { timersRepository } from './repositories/timers.js';
import { toolCallsRepository } from './repositories/toolCalls.js';
import { toolCatalogsRepository } from './repositories/toolCatalogs.js';
import { toolConnectionsRepository } from './repositories/toolConnections.js';
import { webhookDeliveriesRepository } from './repositories/webhookDeliveries.js';
import { webhooksRepository } from './repositories/webhooks.js';
import { workflowsRepository } from './repositories/workflows.js';
import { workspacesRepository } from './repositories/workspaces.js';

/** Every repository over one database handle. */
export function createRepositories(db: Db): Repositories {
  return {
    workspaces: workspacesRepository(db),
    apiKeys: apiKeysRepository(db),
    approvals: approvalsRepository(db),
    crewStatus: crewStatusRepository(db),
    events: eventsRepository(db),
    idempotency: idempotencyRepository(db),
    outcomes: outcomesRepository(db),
    stageOutputs: stageOutputsRepository(db),
    revisions: revisionsRepository(db),
    workflows: workflowsRepository(db),
    actors: actorsRepository(db),
    timers: timersRepository(db),
    credits: creditsRepository(db),
    webhooks: webhooksRepository(db),
    webhookDeliveries: webhookDeliveriesRepository(db),
    knowledgeBase: knowledgeBaseRepository(db),
    conversationCheckpoints: conversationCheckpointsRepository(db),
    toolConnections: toolConnectionsRepository(db),
    toolCatalogs: toolCatalogsRepository(db),
    toolCalls: toolCallsRepository(db),
    integrationConfigs: integrationConfigsRepository(db),
    pluginKv: pluginKvRepository(db),
    oauthStates: oauthStatesRepository(db),
    mcpOAuthGrants: mcpOAuthGrantsRepository(db),
    oauthCredentials: oauthCredentialsRepository(db),
  };
}

export type { Repositories };
