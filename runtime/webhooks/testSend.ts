import type { DeliveryRow, WebhookDeliveriesRepository } from '../../storage/repositories/webhookDeliveries.js';
import type { WebhookRow } from '../../storage/repositories/webhooks.js';
import type { Clock } from '../clock.js';
import type { IdGenerator } from '../ids.js';
import type { AttemptRunner } from './attemptRunner.js';
import { envelope } from './envelope.js';
import { newDelivery } from './newDelivery.js';

/**
 * The test operation (spec: `POST /v1/webhooks/{id}/test`): a delivery stored like any other and
 * retried like any other, resolved after its first attempt was stored. Its event is the one asked
 * for (`{"event":"outcome.completed"}` sends an `outcome.completed` envelope, so a receiver's
 * routing by event type is what gets tested), `webhook.test` when none is; `data.test` is always
 * true (docs/decisions.md, "a test delivery carries the event asked for").
 */
export function createTestSend(options: { deliveries: WebhookDeliveriesRepository; runner: AttemptRunner; clock: Clock; ids: IdGenerator }) {
  const { deliveries, runner, clock, ids } = options;
  return async function sendTest(webhook: WebhookRow, requestedEvent: string | undefined): Promise<DeliveryRow> {
    const now = clock.now().toISOString();
    const message =
      requestedEvent && requestedEvent !== 'webhook.test'
        ? `Test delivery from crewd: this webhook is set up to receive ${requestedEvent} events.`
        : 'Test delivery from crewd: this webhook is set up correctly.';
    const kind = requestedEvent ?? 'webhook.test';
    const body = envelope(kind, now, { webhook_id: webhook.id, test: true, message });
    const row = newDelivery(ids, { webhookId: webhook.id, workspaceId: webhook.workspace_id, eventId: null, kind, body, test: true, now });
    await deliveries.insertMany([row]);
    return runner.settled(runner.begin(row));
  };
}
