import type { DeliveryRow, WebhookDeliveriesRepository } from '../../storage/repositories/webhookDeliveries.js';
import type { WebhookRow } from '../../storage/repositories/webhooks.js';
import type { Clock } from '../clock.js';
import type { IdGenerator } from '../ids.js';
import type { AttemptRunner } from './attemptRunner.js';
import { envelope } from './envelope.js';
import { newDelivery } from './newDelivery.js';

/**
 * The test operation (spec: `POST /v1/webhooks/{id}/test`): a `webhook.test` delivery, stored like
 * any other and retried like any other, resolved after its first attempt was stored.
 */
export function createTestSend(options: { deliveries: WebhookDeliveriesRepository; runner: AttemptRunner; clock: Clock; ids: IdGenerator }) {
  const { deliveries, runner, clock, ids } = options;
  return async function sendTest(webhook: WebhookRow, requestedEvent: string | undefined): Promise<DeliveryRow> {
    const now = clock.now().toISOString();
    const message =
      requestedEvent && requestedEvent !== 'webhook.test'
        ? `Test delivery from crewd: this webhook is set up to receive ${requestedEvent} events.`
        : 'Test delivery from crewd: this webhook is set up correctly.';
    const body = envelope('webhook.test', now, { webhook_id: webhook.id, test: true, message });
    const row = newDelivery(ids, { webhookId: webhook.id, workspaceId: webhook.workspace_id, eventId: null, kind: 'webhook.test', body, test: true, now });
    await deliveries.insertMany([row]);
    return runner.settled(runner.begin(row));
  };
}
