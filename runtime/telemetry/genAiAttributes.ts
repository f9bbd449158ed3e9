/*
 * The GenAI and crewd span attribute names crewd writes (docs/tracing.md). The GenAI ones are in
 * the semantic conventions' incubating set, which the @opentelemetry/semantic-conventions README
 * asks users to copy rather than import (its `incubating` entry point may change in a minor
 * release); these match semantic-conventions 1.45.0. The stable HTTP and error names are imported
 * where they are used.
 */

export const genAi = {
  operationName: 'gen_ai.operation.name',
  providerName: 'gen_ai.provider.name',
  agentName: 'gen_ai.agent.name',
  agentId: 'gen_ai.agent.id',
  conversationId: 'gen_ai.conversation.id',
  requestModel: 'gen_ai.request.model',
  responseFinishReasons: 'gen_ai.response.finish_reasons',
  usageInputTokens: 'gen_ai.usage.input_tokens',
  usageOutputTokens: 'gen_ai.usage.output_tokens',
  toolName: 'gen_ai.tool.name',
  toolCallId: 'gen_ai.tool.call.id',
  toolType: 'gen_ai.tool.type',
} as const;

/** `gen_ai.operation.name` values crewd uses. */
export const genAiOperation = {
  invokeAgent: 'invoke_agent',
  chat: 'chat',
  executeTool: 'execute_tool',
} as const;

/** crewd's own attributes: which outcome, stage and attempt a span belongs to. */
export const crewdAttributes = {
  outcomeId: 'crewd.outcome.id',
  workspaceId: 'crewd.workspace.id',
  crew: 'crewd.crew',
  stage: 'crewd.stage',
  stepKey: 'crewd.step_key',
  attempt: 'crewd.attempt',
  integration: 'crewd.integration',
  webhookDelivery: 'crewd.webhook.delivery_id',
  webhookEvent: 'crewd.webhook.event',
  webhookAttempt: 'crewd.webhook.attempt',
} as const;
