/**
 * What runtime/ offers the layers above (http/, app/), in one place (issue 28, item 3; the
 * graphile-worker `interfaces.ts` habit). Each contract is a declared interface beside the factory
 * that returns it (`createX(...): X`); this file only gathers them, so a reader sees the seams
 * without opening the implementations.
 *
 * Not gathered yet: runtime/tools/ (`Tools` and its parts) and runtime/webhooks/ (`WebhookService`),
 * whose contracts are still partly inferred (test/architecture/declaredContracts.test.ts names the
 * files); import those from their own files until they join.
 */
export type { ActorHost, MachineHandle } from './actors/actorHost.js';
export type { ActorHostHealth, GroupCommit } from './actors/groupCommit.js';
export type { CommandForwarding } from './actors/commandForwarding.js';
export type { A2aDeps } from './a2a/a2aDeps.js';
export type { PushConfigs } from './a2a/pushConfigs.js';
export type { ApprovalLinks } from './approvals/approvalLinks.js';
export type { ApprovalSlots } from './approvals/approvalSlots.js';
export type { Decisions } from './approvals/decisions.js';
export type { AuthenticatedKey, KeyService } from './auth/keyService.js';
export type { Clock } from './clock.js';
export type { Config } from './config.js';
export type { CrewCatalog } from './crewCatalog.js';
export type { ClusterSignals } from './events/clusterSignals.js';
export type { EventBus } from './events/eventBus.js';
export type { IdempotencyService } from './idempotency/idempotencyService.js';
export type { IdGenerator } from './ids.js';
export type { KnowledgeService } from './knowledge/knowledgeService.js';
export type { CrewdMcpDeps } from './mcp/mcpDeps.js';
export type { Metrics } from './metrics/createMetrics.js';
export type { CapacityQueue } from './outcomes/capacityQueue.js';
export type { CompletionEstimator } from './outcomes/completionEstimator.js';
export type { Outcomes } from './outcomes/outcomes.js';
export type { StageRunner } from './outcomes/stageRunner.js';
export type { RateLimitDecision, RateLimiter } from './rateLimiter.js';
export type { Scheduler } from './scheduler/scheduler.js';
export type { SecretCipher } from './secrets/cipher.js';
export type { Tracing } from './telemetry/createTracing.js';
export type { WorkspaceService } from './workspaceService.js';
