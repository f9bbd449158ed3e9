import type { AttemptRow, WebhookStats } from '../../storage/repositories/webhookDeliveries.js';
import type { WebhookRow } from '../../storage/repositories/webhooks.js';

/**
 * The public shape of a webhook: never its secret (the create answer adds it once). The
 * statistics count deliveries with at least one attempt; `success_rate` is 0 before the first.
 * `previous_secret_expires_at` is set for 24 h after a secret rotation, while deliveries carry a
 * second signature made with the old secret. `disabled_reason` says why the service switched the
 * webhook off (its receiver answered `410 Gone`); null otherwise. `outcome_id` is set on a
 * webhook scoped to one outcome (an A2A push config, or `outcome_id` on create).
 */
export function webhookView(row: WebhookRow, stats: WebhookStats | undefined) {
  const count = stats?.delivery_count ?? 0;
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    description: row.description,
    active: row.active,
    debug: row.debug,
    created_at: row.created_at,
    last_delivery: stats?.last_delivery ?? null,
    delivery_count: count,
    success_rate: count === 0 ? 0 : Math.round(((stats?.succeeded ?? 0) / count) * 10_000) / 10_000,
    previous_secret_expires_at: row.previous_secret_expires_at,
    disabled_reason: row.disabled_reason,
    outcome_id: row.outcome_id,
  };
}

/**
 * One attempt of a delivery (spec: Webhook delivery): the delivery's `del_` id, the attempt's own
 * number and result. `response_code` is 0 when no answer came, with `error` saying why;
 * `next_retry` is shown on a failed attempt another one followed or will follow.
 */
export function webhookDeliveryView(row: AttemptRow) {
  return {
    id: row.delivery_id,
    event: row.event,
    status: row.state === 'succeeded' ? 'success' : 'failed',
    response_code: row.response_code ?? 0,
    delivered_at: row.delivered_at,
    response_time_ms: row.response_time_ms,
    attempt: row.attempt,
    ...(row.next_retry && row.state === 'failed' ? { next_retry: row.next_retry } : {}),
    ...(row.error && row.state === 'failed' ? { error: row.error } : {}),
  };
}
