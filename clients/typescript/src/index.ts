export { createCrewdClient, unwrap, type CrewdClient, type CrewdClientOptions, type OutcomeListQuery, type ActionListQuery } from './client.js';
export { CrewdApiError } from './errors.js';
export { retryAfterMs, retryingFetch, type FetchLike, type RetryOptions } from './retryingFetch.js';
export { followOutcome, type FollowOptions, type StreamMessage } from './stream.js';
export type { components, operations, paths } from './schema.js';
// The service's resources by name (components of its OpenAPI document).
export type {
  Action,
  ActionDecision,
  ActionList,
  PendingAction,
  Approvals,
  Workspace,
  ApiKey,
  ApiKeyCreated,
  ApiKeyList,
  ChatConfiguration,
  Crew,
  CrewList,
  Deployment,
  Error as ErrorBody,
  Integration,
  IntegrationList,
  Outcome,
  OutcomeList,
  OutcomeResult,
  QualityMetrics,
  Revision,
  RevisionList,
  RevisionStarted,
  RunStarted,
  ToolAnalytics,
  ToolAnalyticsEntry,
  ToolConnection,
  ToolConnectionList,
  Webhook,
  WebhookCreated,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookList,
  Workflow,
} from './schema.js';
