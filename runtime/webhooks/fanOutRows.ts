import type { EventRow } from '../../storage/repositories/events.js';
import type { DeliveryRow } from '../../storage/repositories/webhookDeliveries.js';
import type { WebhookRow } from '../../storage/repositories/webhooks.js';
import type { IdGenerator } from '../ids.js';
import { envelope } from './envelope.js';
import { newDelivery } from './newDelivery.js';

/**
 * The delivery rows of a fan-out batch: one per (event, matching webhook). A webhook matches an
 * event of its workspace whose kind it subscribed to, stored after it was created
 * (`since_position`), and, when scoped to one outcome (an A2A push config), of that outcome.
 * Each event's envelope is serialized once and shared by its deliveries: those bytes are signed
 * and sent on every attempt. Pure but for the ids drawn.
 */
export function fanOutRows(
  usable: readonly EventRow[],
  targets: ReadonlyMap<string, readonly WebhookRow[]>,
  deps: { ids: IdGenerator; now: string; eventData?: ((kind: string, data: unknown) => unknown) | undefined },
): DeliveryRow[] {
  const { ids, now, eventData } = deps;
  const rows: DeliveryRow[] = [];
  for (const event of usable) {
    let body: string | null = null;
    for (const webhook of targets.get(event.workspace_id) ?? []) {
      if (event.position <= webhook.since_position || !webhook.events.includes(event.kind)) continue;
      if (webhook.outcome_id !== null && webhook.outcome_id !== event.outcome_id) continue;
      body ??= envelope(event.kind, event.timestamp, eventData ? eventData(event.kind, event.data) : event.data);
      rows.push(newDelivery(ids, { webhookId: webhook.id, workspaceId: webhook.workspace_id, eventId: event.id, kind: event.kind, body, test: false, now }));
    }
  }
  return rows;
}
