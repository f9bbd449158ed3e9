import type { EventHead, EventRow } from '../../storage/repositories/events.js';
import type { DeliveryRow } from '../../storage/repositories/webhookDeliveries.js';
import type { WebhookRow } from '../../storage/repositories/webhooks.js';
import type { IdGenerator } from '../ids.js';
import { envelope } from './envelope.js';
import { newDelivery } from './newDelivery.js';

/**
 * Whether `webhook` wants `event`: an event of its workspace whose kind it subscribed to, stored
 * after it was created (`since_position`), and, when scoped to one outcome (an A2A push config), of
 * that outcome.
 */
export function wants(webhook: WebhookRow, event: EventHead): boolean {
  if (event.workspace_id !== webhook.workspace_id || event.position <= webhook.since_position || !webhook.events.includes(event.kind)) return false;
  return webhook.outcome_id === null || webhook.outcome_id === event.outcome_id;
}

/** The events of `heads` that a webhook of `targets` wants. */
export function wanted<T extends EventHead>(heads: readonly T[], targets: ReadonlyMap<string, readonly WebhookRow[]>): T[] {
  return heads.filter((event) => (targets.get(event.workspace_id) ?? []).some((webhook) => wants(webhook, event)));
}

/**
 * The delivery rows of a fan-out batch: one per (event, webhook that `wants` it).
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
      if (!wants(webhook, event)) continue;
      body ??= envelope(event.kind, event.timestamp, eventData ? eventData(event.kind, event.data) : event.data);
      rows.push(newDelivery(ids, { webhookId: webhook.id, workspaceId: webhook.workspace_id, eventId: event.id, kind: event.kind, body, test: false, now }));
    }
  }
  return rows;
}
