import type { Logger } from 'pino';
import type { Config } from '../../runtime/config.js';
import type { ModelProvider } from '../../models/types.js';
import type { ActorsRepository } from '../../storage/repositories/actors.js';
import { createTracing, type Tracing } from '../../runtime/telemetry/createTracing.js';
import { outcomeTraceparent } from '../../runtime/telemetry/outcomeTraceparent.js';
import { redactedUrl, traceSender } from '../../runtime/telemetry/traceSender.js';
import type { WebhookSender } from '../../runtime/webhooks/sender.js';

/**
 * Tracing from config (docs/tracing.md): the tracer provider and exporter when an OTLP endpoint
 * is set, nothing otherwise. `model` names the stages' model on spans: the configured OpenAI
 * model, else the provider's own name (`local`, or a test's provider).
 */
export function buildTracing(config: Config, version: string, provider: ModelProvider, overridden: boolean, logger: Logger): { tracing: Tracing; model: { provider: string; name: string } } {
  return {
    // Warn, not error: the service works on; the operator learns the collector is not taking spans.
    tracing: createTracing(config.tracing, version, (error, spans) => logger.warn({ err: error, spans, url: redactedUrl(config.tracing?.url ?? '') }, 'trace export failed; these spans are dropped')),
    model: { provider: provider.name, name: !overridden && config.model === 'openai' ? config.openai.model : provider.name },
  };
}

/**
 * The webhook sender's decorator: a span per attempt in its outcome's trace, the outcome's trace
 * context read from its live actor or its stored row. Undefined when tracing is off.
 */
export function tracedWebhooks(tracing: Tracing, live: (outcomeId: string) => string | null | undefined, actors: Pick<ActorsRepository, 'get'>): ((sender: WebhookSender) => WebhookSender) | undefined {
  const active = tracing.active;
  if (!active) return undefined;
  const traceparentOf = outcomeTraceparent({ live, stored: (outcomeId) => actors.get(outcomeId) });
  return (sender) => traceSender(sender, active, traceparentOf);
}
