import { ROOT_CONTEXT, SpanKind } from '@opentelemetry/api';
import type { StageServices } from '../outcomes/stageRunner.js';
import type { ActiveTracing } from './createTracing.js';
import { crewdAttributes, genAi, genAiOperation } from './genAiAttributes.js';
import { failSpan, failSpanWith } from './spanStatus.js';
import { contextOf } from './traceContext.js';

/**
 * The stages' services with one `execute_tool <name>` span per tool call (GenAI semantic
 * conventions), children of the stage span they run under (`scope`):
 * - each call the model asks for (a workspace's MCP tools and plugin tools alike), with
 *   `gen_ai.tool.call.id` the model's call id; a tool's own failure (`isError`) ends it with ERROR;
 * - each integration flag run at a stage (plugin tools called by the runtime, not the model), with
 *   the flag run's idempotency key as call id. The runner runs a stage's flags as one batch, so
 *   their spans share the batch's start and end; a failed integration ends its span with ERROR.
 * Integration flags held for approval run after the stages, outside any stage: their spans are
 * children of the outcome's own trace context (`traceparentOf`).
 * With tracing off, `services` itself is returned.
 */
export function traceServices<S extends StageServices>(services: S, active: ActiveTracing | undefined, traceparentOf?: (outcomeId: string) => string | null | undefined): S {
  if (!active) return services;
  const { tracer, scope } = active;
  const parentOf = (outcomeId: string | undefined) => scope.getStore() ?? (outcomeId ? contextOf(traceparentOf?.(outcomeId)) : ROOT_CONTEXT);
  const traced: S = { ...services };
  const callTool = services.callTool;
  if (callTool) {
    traced.callTool = async (workspaceId, call, signal, context) => {
      const span = tracer.startSpan(
        `${genAiOperation.executeTool} ${call.name}`,
        {
          kind: SpanKind.INTERNAL,
          attributes: {
            [genAi.operationName]: genAiOperation.executeTool,
            [genAi.toolName]: call.name,
            [genAi.toolCallId]: call.id,
            [genAi.toolType]: 'extension',
            [crewdAttributes.workspaceId]: workspaceId,
            ...(context ? { [crewdAttributes.outcomeId]: context.outcomeId, [genAi.agentName]: context.agent } : {}),
          },
        },
        parentOf(context?.outcomeId),
      );
      try {
        const result = await callTool(workspaceId, call, signal, context);
        if (result.isError) failSpan(span, 'tool_error', result.content);
        return result;
      } catch (error) {
        failSpanWith(span, error, signal);
        throw error;
      } finally {
        span.end();
      }
    };
  }
  const runIntegrations = services.runIntegrations;
  if (runIntegrations) {
    traced.runIntegrations = async (input, signal) => {
      const parent = parentOf(input.outcomeId);
      // OpenTelemetry's own time base (its spans end on it), not the service's clock.
      const startTime = performance.timeOrigin + performance.now();
      const result = await runIntegrations(input, signal);
      for (const [integration, entry] of Object.entries(result?.executed ?? {})) {
        const span = tracer.startSpan(
          `${genAiOperation.executeTool} ${integration}`,
          {
            kind: SpanKind.INTERNAL,
            startTime,
            attributes: {
              [genAi.operationName]: genAiOperation.executeTool,
              [genAi.toolName]: integration,
              [genAi.toolCallId]: `${input.outcomeId}:${input.stage}:${input.attempt}:${integration}`,
              [genAi.toolType]: 'extension',
              [crewdAttributes.integration]: integration,
              [crewdAttributes.outcomeId]: input.outcomeId,
              [crewdAttributes.workspaceId]: input.workspaceId,
              [crewdAttributes.stage]: input.stage,
              [crewdAttributes.attempt]: input.attempt,
            },
          },
          parent,
        );
        if (entry.status === 'failed') {
          const error = entry.error as { code?: unknown; message?: unknown } | undefined;
          failSpan(span, typeof error?.code === 'string' ? error.code : 'integration_failed', typeof error?.message === 'string' ? error.message : 'The integration failed.');
        }
        span.end();
      }
      return result;
    };
  }
  return traced;
}
