import { ROOT_CONTEXT, SpanKind, type Attributes } from '@opentelemetry/api';
import type { ModelProvider, StepResult } from '../../models/types.js';
import type { ActiveTracing } from './createTracing.js';
import { crewdAttributes, genAi, genAiOperation } from './genAiAttributes.js';
import { failSpanWith } from './spanStatus.js';

/** Token counts a provider may report beside a step's result (none of today's providers does). */
interface ReportedUsage {
  usage?: { inputTokens?: number; outputTokens?: number; input_tokens?: number; output_tokens?: number };
}

function usageAttributes(result: StepResult): Attributes {
  const usage = (result as StepResult & ReportedUsage).usage;
  if (!usage) return {};
  const input = usage.inputTokens ?? usage.input_tokens;
  const output = usage.outputTokens ?? usage.output_tokens;
  return {
    ...(typeof input === 'number' ? { [genAi.usageInputTokens]: input } : {}),
    ...(typeof output === 'number' ? { [genAi.usageOutputTokens]: output } : {}),
  };
}

/**
 * The model provider with one `chat <model>` client span per model step (GenAI semantic
 * conventions), a child of the stage span the step runs under (`scope`). Retries inside the
 * provider belong to the one step span; a failed or cancelled step ends it with ERROR. Token
 * usage is recorded when the provider reports it. With tracing off, `provider` itself is returned.
 */
export function traceProvider(provider: ModelProvider, active: ActiveTracing | undefined, model: { provider: string; name: string }): ModelProvider {
  if (!active) return provider;
  const { tracer, scope } = active;
  return {
    name: provider.name,
    async step(input, tools, exchanges, signal) {
      const span = tracer.startSpan(
        `${genAiOperation.chat} ${model.name}`,
        {
          kind: SpanKind.CLIENT,
          attributes: {
            [genAi.operationName]: genAiOperation.chat,
            [genAi.providerName]: model.provider,
            [genAi.requestModel]: model.name,
            [genAi.agentName]: input.stage.agent,
            [crewdAttributes.crew]: input.crew.id,
            [crewdAttributes.stage]: input.stage.name,
          },
        },
        scope.getStore() ?? ROOT_CONTEXT,
      );
      try {
        const result = await provider.step(input, tools, exchanges, signal);
        span.setAttributes({ [genAi.responseFinishReasons]: [result.kind === 'tool_calls' ? 'tool_calls' : 'stop'], ...usageAttributes(result) });
        return result;
      } catch (error) {
        failSpanWith(span, error, signal);
        throw error;
      } finally {
        span.end();
      }
    },
  };
}
