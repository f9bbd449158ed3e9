import type { Logger } from 'pino';
import type { Db } from '../../storage/db.js';
import type { EventsRepository, NewEvent } from '../../storage/repositories/events.js';
import type { WebhooksRepository } from '../../storage/repositories/webhooks.js';
import type { DeliveryRow } from '../../storage/repositories/webhookDeliveries.js';
import type { Clock } from '../clock.js';
import type { EventBus } from '../events/eventBus.js';

/** The event kind recorded when the service switches a webhook off; no webhook subscribes to it. */
export const webhookDisabledKind = 'webhook.disabled';

export interface GoneWebhookOptions {
  db: Db;
  webhooks: WebhooksRepository;
  events: EventsRepository;
  eventBus: EventBus;
  clock: Clock;
  logger: Logger;
  /** The webhook cache of this node (cached webhooks of the workspace are read again). */
  changed(workspaceId: string): void;
}

/**
 * A receiver answered `410 Gone` (Svix and Stripe do the same): the endpoint is gone for good, so
 * its webhook is switched off, with the reason shown on the webhook (`disabled_reason`) and a
 * `webhook.disabled` event in the events log, in one transaction. Deliveries still waiting end
 * on their next attempt (a switched-off webhook gets none); switching it on again clears the
 * reason. Runs after the delivery's final row is stored: a crash in between leaves the webhook on,
 * and its next `410` switches it off.
 */
export function createGoneWebhook(options: GoneWebhookOptions) {
  const { db, webhooks, events, clock, logger } = options;

  /** Switches off the webhook of `delivery`, whose attempt `attempt` was answered with a 410. */
  return async function disableGone(delivery: DeliveryRow, attempt: number): Promise<void> {
    const at = clock.now().toISOString();
    const reason = `the receiver answered 410 Gone at ${at} (delivery ${delivery.id}, attempt ${attempt}); switch the webhook on again once the endpoint is back`;
    const event: NewEvent = {
      id: `evt_${delivery.webhook_id.replace(/^wh_/, '')}_disabled_${delivery.id.replace(/^del_/, '')}`,
      workspace_id: delivery.workspace_id,
      outcome_id: null,
      sequence: 0,
      kind: webhookDisabledKind,
      timestamp: at,
      data: { webhook_id: delivery.webhook_id, delivery_id: delivery.id, attempt, status: 410, reason },
    };
    const disabled = await db.transaction(async (trx) => {
      if (!(await webhooks.disable(delivery.webhook_id, reason, at, trx))) return false;
      await events.appendMany([event], trx);
      return true;
    });
    if (!disabled) return;
    options.changed(delivery.workspace_id);
    options.eventBus.publish([event]);
    logger.warn({ webhook_id: delivery.webhook_id, delivery_id: delivery.id }, 'webhook disabled: its receiver answered 410 Gone');
  };
}
