import { ROOT_CONTEXT, SpanKind, type Attributes } from '@opentelemetry/api';
import type { ModelProvider, StepResult } from '../../models/types.js';
import type { ActiveTracing } from './createTracing.js';
import { crewdAttributes, genAi, genAiOperation } from './genAiAttributes.js';
import { failSpanWith } from './spanStatus.js';

/** The step's token counts when its provider reported them (models/openai.ts does, from the answer's `usage`). */
function usageAttributes(result: StepResult): Attributes {
  if (!result.usage) return {};
  return { [genAi.usageInputTokens]: result.usage.input_tokens, [genAi.usageOutputTokens]: result.usage.output_tokens };
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
