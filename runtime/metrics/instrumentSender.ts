import type { Metrics } from './createMetrics.js';

/** What the webhook sender answers for one attempt (runtime/webhooks/sender.ts AttemptResult, structurally). */
interface Attempt {
  ok: boolean;
  status: number | null;
  responseTimeMs: number;
}

/**
 * The same webhook sender, with each attempt reported: `success` (2xx), `failed` (another status)
 * or `error` (no answer: timeout, refused, blocked address), with its response time. To wire it,
 * wrap the sender where runtime/webhooks/eventsOut.ts creates it:
 * `const sender = instrumentSender(createWebhookSender(...), deps.metrics)`.
 */
export function instrumentSender<S extends { send(input: never): Promise<Attempt> }>(sender: S, metrics: Metrics | undefined): S {
  if (!metrics) return sender;
  const send = async (input: never) => {
    const result = await sender.send(input);
    metrics.webhookAttempt(result.ok ? 'success' : result.status ? 'failed' : 'error', result.responseTimeMs / 1000);
    return result;
  };
  return Object.create(sender, { send: { value: send, enumerable: true } }) as S;
}
