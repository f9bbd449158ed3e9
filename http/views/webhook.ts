import type { DeliveryRow, WebhookStats } from '../../storage/repositories/webhookDeliveries.js';
import type { WebhookRow } from '../../storage/repositories/webhooks.js';

/**
 * The public shape of a webhook: never its secret (the create answer adds it once). The
 * statistics count deliveries with at least one attempt; `success_rate` is 0 before the first.
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
  };
}

/**
 * One delivery as its latest attempt left it: `success`; `failed` with `next_retry` while another
 * attempt is scheduled, without it once final; `pending` before any attempt finished.
 */
export function webhookDeliveryView(row: DeliveryRow) {
  const status = row.state === 'succeeded' ? 'success' : row.state === 'failed' || row.attempt > 0 ? 'failed' : 'pending';
  return {
    id: row.id,
    event: row.event,
    status,
    response_code: row.response_code,
    delivered_at: row.delivered_at,
    response_time_ms: row.response_time_ms,
    attempt: row.attempt,
    ...(row.next_retry && row.state !== 'succeeded' && row.state !== 'failed' ? { next_retry: row.next_retry } : {}),
    ...(row.error && row.state !== 'succeeded' ? { error: row.error } : {}),
  };
}
