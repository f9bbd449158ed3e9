import type { DeliveryRow, WebhookDeliveriesRepository, WebhookStats } from '../../storage/repositories/webhookDeliveries.js';
import type { WebhookRow, WebhooksRepository } from '../../storage/repositories/webhooks.js';
import type { EventsRepository } from '../../storage/repositories/events.js';
import type { Clock } from '../clock.js';
import { errors } from '../errors.js';
import type { IdGenerator } from '../ids.js';
import type { SecretCipher } from '../secrets/cipher.js';
import { checkWebhookUrl } from './urlGuard.js';

export interface CreateWebhookInput {
  url: string;
  events: string[];
  secret: string;
  description?: string;
  active?: boolean;
  debug?: boolean;
}

export interface UpdateWebhookInput {
  events?: string[];
  active?: boolean;
  description?: string;
  debug?: boolean;
}

/** What the service needs of the dispatcher: cache invalidation and the test send. */
export interface WebhookDispatchHooks {
  /** A webhook of this workspace was created, changed or deleted. */
  webhooksChanged(workspaceId: string): void;
  /** Sends `webhook.test` to the webhook and resolves with the delivery after its first attempt. */
  sendTest(webhook: WebhookRow, requestedEvent: string | undefined): Promise<DeliveryRow>;
}

export interface WebhookServiceOptions {
  webhooks: WebhooksRepository;
  deliveries: WebhookDeliveriesRepository;
  events: EventsRepository;
  cipher: SecretCipher;
  clock: Clock;
  ids: IdGenerator;
  allowPrivateUrls: boolean;
  dispatch: WebhookDispatchHooks;
}

/**
 * Webhook management (spec: Webhooks endpoints). Every call is scoped by workspace: another
 * workspace's webhook is 404, like a missing one. Signing secrets are encrypted before they are
 * stored and shown only in the answer to `create`.
 */
export function createWebhookService(options: WebhookServiceOptions) {
  const { webhooks, deliveries, events, cipher, clock, ids, dispatch } = options;

  async function own(workspaceId: string, webhookId: string): Promise<WebhookRow> {
    const row = await webhooks.get(workspaceId, webhookId);
    if (!row) throw errors.notFound(`Webhook ${webhookId}`, { webhook_id: webhookId });
    return row;
  }

  async function statsOf(rows: WebhookRow[]): Promise<Map<string, WebhookStats>> {
    return deliveries.stats(rows.map((row) => row.id));
  }

  async function get(workspaceId: string, webhookId: string): Promise<{ row: WebhookRow; stats: WebhookStats | undefined }> {
    const row = await own(workspaceId, webhookId);
    return { row, stats: (await statsOf([row])).get(row.id) };
  }

  return {
    async create(workspaceId: string, input: CreateWebhookInput): Promise<{ row: WebhookRow; secret: string }> {
      const checked = checkWebhookUrl(input.url, { allowPrivate: options.allowPrivateUrls });
      if (!checked.ok) throw errors.invalidRequest(`Field 'url' is not accepted: ${checked.message}.`, { field: 'url', reason: checked.code });
      const now = clock.now().toISOString();
      const row: WebhookRow = {
        id: ids.id('wh', 20),
        workspace_id: workspaceId,
        url: checked.url.toString(),
        events: [...input.events],
        secret: cipher.encrypt(input.secret),
        description: input.description ?? '',
        active: input.active ?? true,
        debug: input.debug ?? false,
        // Events already stored belong to the time before this webhook existed.
        since_position: await events.maxPosition(),
        created_at: now,
        updated_at: now,
        deleted_at: null,
      };
      await webhooks.insert(row);
      dispatch.webhooksChanged(workspaceId);
      return { row, secret: input.secret };
    },

    async list(workspaceId: string): Promise<Array<{ row: WebhookRow; stats: WebhookStats | undefined }>> {
      const rows = await webhooks.list(workspaceId);
      const stats = await statsOf(rows);
      return rows.map((row) => ({ row, stats: stats.get(row.id) }));
    },

    get,

    async update(workspaceId: string, webhookId: string, input: UpdateWebhookInput) {
      const before = await own(workspaceId, webhookId);
      const reactivated = input.active === true && !before.active;
      await webhooks.update(workspaceId, webhookId, {
        ...input,
        // Nothing is sent for events stored while the webhook was inactive.
        ...(reactivated ? { since_position: await events.maxPosition() } : {}),
        updated_at: clock.now().toISOString(),
      });
      dispatch.webhooksChanged(workspaceId);
      return get(workspaceId, webhookId);
    },

    /** Deletes the webhook; deliveries still waiting for a retry end without another attempt. */
    async remove(workspaceId: string, webhookId: string): Promise<void> {
      await own(workspaceId, webhookId);
      await webhooks.markDeleted(workspaceId, webhookId, clock.now().toISOString());
      dispatch.webhooksChanged(workspaceId);
    },

    async deliveries(workspaceId: string, webhookId: string, limit: number): Promise<DeliveryRow[]> {
      await own(workspaceId, webhookId);
      return deliveries.listForWebhook(webhookId, limit);
    },

    /** Sends `webhook.test` (also to an inactive webhook: it was asked for) and returns the delivery after its first attempt. */
    async test(workspaceId: string, webhookId: string, requestedEvent: string | undefined): Promise<DeliveryRow> {
      return dispatch.sendTest(await own(workspaceId, webhookId), requestedEvent);
    },
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
