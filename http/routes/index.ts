import type { Plugin } from '../../plugins/contract.js';
import type { JsonSchema } from '../../schemas/types.js';
import type { HttpDeps } from '../deps.js';
import type { RouteSpec } from '../route.js';
import { agentCardRoutes } from '../a2a/agentCardRoutes.js';
import { adminRoutes } from './admin.js';
import { adminPageRoutes } from './adminPage.js';
import { apiKeyRoutes } from './apiKeys.js';
import { approvalRoutes } from './approvals.js';
import { approvalLinkRoutes } from './approvalLinks.js';
import { authRoutes } from './auth.js';
import { crewRoutes } from './crews.js';
import { deployRoutes } from './deploy.js';
import { metricsRoutes } from './metrics.js';
import { integrationRoutes } from './integrations.js';
import { oauthRoutes } from './oauth.js';
import { toolOAuthRoutes } from './toolOAuth.js';
import { mcpRoutes } from './mcp.js';
import { mcpDiscoveryRoutes } from './mcpDiscovery.js';
import { outcomeRoutes } from './outcomes.js';
import { pluginRoutes } from './pluginRoutes.js';
import { outcomeEventRoutes } from './outcomeEvents.js';
import { outcomeStreamRoutes } from './outcomeStream.js';
import { systemRoutes } from './system.js';
import { toolCallRoutes } from './toolCalls.js';
import { webhookRoutes } from './webhooks.js';
import { workflowRoutes } from './workflows.js';
import { workspaceRoutes } from './workspace.js';

/**
 * Every route of the service, one router module per resource, and the plugins' routes from the
 * registry (`plugins`), where the chat routes always stood, so the OpenAPI document keeps its order.
 */
export function allRoutes(deps: HttpDeps, document: () => JsonSchema, plugins: readonly Plugin[] = deps.tools.registry.list()): RouteSpec[] {
  return [...systemRoutes(deps, document), ...crewRoutes(deps), ...deployRoutes(deps), ...outcomeRoutes(deps), ...workflowRoutes(deps), ...adminRoutes(deps), ...authRoutes(deps), ...apiKeyRoutes(deps), ...webhookRoutes(deps), ...outcomeStreamRoutes(deps), ...outcomeEventRoutes(deps), ...metricsRoutes(deps), ...adminPageRoutes(deps), ...pluginRoutes(plugins, deps), ...integrationRoutes(deps), ...oauthRoutes(deps), ...toolOAuthRoutes(deps), ...mcpRoutes(deps), ...mcpDiscoveryRoutes(deps), ...toolCallRoutes(deps), ...approvalRoutes(deps), ...workspaceRoutes(deps), ...approvalLinkRoutes(deps), ...agentCardRoutes(deps)];
}
