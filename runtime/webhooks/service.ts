import type { AttemptRow, DeliveryRow, WebhookDeliveriesRepository, WebhookStats } from '../../storage/repositories/webhookDeliveries.js';
import type { WebhookListAfter, WebhookPatch, WebhookRow, WebhooksRepository } from '../../storage/repositories/webhooks.js';
import type { EventsRepository } from '../../storage/repositories/events.js';
import type { CreateWebhookRequest, UpdateWebhookRequest } from '../../schemas/webhooks.js';
import type { Clock } from '../clock.js';
import { errors } from '../errors.js';
import type { IdGenerator } from '../ids.js';
import type { SecretCipher } from '../secrets/cipher.js';
import { latestAttemptOf } from '../../storage/repositories/webhookDeliveries.js';
import { DeliveryBusyError } from './attemptRunner.js';
import { allowPrivateUrlsVariable, checkWebhookUrl } from './urlGuard.js';

/** Undeleted webhooks a workspace may have (README, Webhooks); one more is 409 `webhook_limit_reached`. */
export const maxWebhooksPerWorkspace = 100;

/** How long deliveries stay signed with the old secret beside the new one after a rotation. */
export const secretRotationOverlapMs = 24 * 60 * 60 * 1000;

/**
 * A webhook to create: the POST /v1/webhooks body (its `outcome_id`: only this outcome's events are
 * delivered; the caller checked it is the workspace's), plus what only the runtime sets.
 */
export type CreateWebhookInput = CreateWebhookRequest & {
  /** An A2A push config's token, sent as `X-A2A-Notification-Token` on every delivery. */
  notification_token?: string;
};

/** What the service needs of the dispatcher: cache invalidation, the test send, redelivery. */
export interface WebhookDispatchHooks {
  /** A webhook of this workspace was created, changed or deleted. */
  webhooksChanged(workspaceId: string): void;
  /** Sends `webhook.test` to the webhook and resolves with the delivery after its first attempt. */
  sendTest(webhook: WebhookRow, requestedEvent: string | undefined): Promise<DeliveryRow>;
  /** A fresh attempt of a finished delivery; resolves with the row as stored after it. */
  redeliver(row: DeliveryRow): Promise<DeliveryRow>;
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
  /** Defaults to `maxWebhooksPerWorkspace`. */
  maxPerWorkspace?: number;
}

export interface WebhookWithStats {
  row: WebhookRow;
  stats: WebhookStats | undefined;
}

/** A webhook scoped to one outcome, with its A2A notification token decrypted ('' when none). */
export interface ScopedWebhook {
  row: WebhookRow;
  notificationToken: string;
}

/** The Webhooks service's contract: what http/ calls (each call scoped by workspace). */
export interface WebhookService {
  /** `beforeInsert` gets the new webhook just before it is stored (an idempotent request stores its answer). */
  create(workspaceId: string, input: CreateWebhookInput, beforeInsert?: (created: { row: WebhookRow; secret: string }) => Promise<void>): Promise<{ row: WebhookRow; secret: string }>;
  /** Oldest first; `limit` webhooks after the keyset position `after`. */
  list(workspaceId: string, page: { limit: number; after?: WebhookListAfter }): Promise<WebhookWithStats[]>;
  get(workspaceId: string, webhookId: string): Promise<WebhookWithStats>;
  /** The undeleted webhooks scoped to the outcome, oldest first, with their notification tokens. */
  listForOutcome(workspaceId: string, outcomeId: string): Promise<ScopedWebhook[]>;
  update(workspaceId: string, webhookId: string, input: UpdateWebhookRequest): Promise<WebhookWithStats>;
  /** Deletes the webhook; deliveries still waiting for a retry end without another attempt. */
  remove(workspaceId: string, webhookId: string): Promise<void>;
  /** Every attempt made for the webhook, newest first; readable after the webhook was deleted. */
  attempts(workspaceId: string, webhookId: string, limit: number): Promise<AttemptRow[]>;
  /** Sends `webhook.test` and answers with its first attempt. */
  test(workspaceId: string, webhookId: string, requestedEvent: string | undefined): Promise<AttemptRow>;
  /** A fresh attempt of a finished delivery; 409 `delivery_in_progress` while its retries run. */
  redeliver(workspaceId: string, webhookId: string, deliveryId: string): Promise<AttemptRow>;
}

/**
 * The Webhooks service: webhook management and delivery history (spec: Webhooks endpoints;
 * DESIGN section 5). Contract:
 * - Every call is scoped by workspace: another workspace's webhook is 404, like a missing one.
 * - Signing secrets are encrypted before they are stored and shown only in the answer to `create`.
 *   Rotating the secret (`update` with `secret`) keeps the old one signing beside the new one for
 *   `secretRotationOverlapMs` (24 h); a second rotation within that window drops the oldest.
 * - URLs pass the SSRF guard on `create` and `update`, and again at connect time (the sender).
 * - At most `maxWebhooksPerWorkspace` undeleted webhooks per workspace (409 `webhook_limit_reached`).
 * - A deleted webhook disappears from `list`, `get`, `update`, `test` and `redeliver` (404), while
 *   its delivery history stays readable through `attempts`.
 * - Every change calls `dispatch.webhooksChanged` after it is stored, so this node's dispatcher
 *   sees it at once (other nodes within the dispatcher's cache age).
 */
export function createWebhookService(options: WebhookServiceOptions): WebhookService {
  const { webhooks, deliveries, events, cipher, clock, ids, dispatch } = options;
  const maxPerWorkspace = options.maxPerWorkspace ?? maxWebhooksPerWorkspace;

  async function own(workspaceId: string, webhookId: string): Promise<WebhookRow> {
    const row = await webhooks.get(workspaceId, webhookId);
    if (!row) throw errors.notFound(`Webhook ${webhookId}`, { webhook_id: webhookId });
    return row;
  }

  async function get(workspaceId: string, webhookId: string): Promise<WebhookWithStats> {
    const row = await own(workspaceId, webhookId);
    return { row, stats: (await deliveries.stats([row.id])).get(row.id) };
  }

  function checkedUrl(raw: string): string {
    const checked = checkWebhookUrl(raw, { allowPrivate: options.allowPrivateUrls });
    if (!checked.ok) {
      const hint = checked.hint ? { hint: checked.hint, allow_private_urls: allowPrivateUrlsVariable } : {};
      throw errors.invalidRequest(`Field 'url' is not accepted: ${checked.message}.`, { field: 'url', reason: checked.code, ...hint });
    }
    return checked.url.toString();
  }

  return {
    /** `beforeInsert` gets the new webhook just before it is stored (an idempotent request stores its answer). */
    async create(workspaceId: string, input: CreateWebhookInput, beforeInsert?: (created: { row: WebhookRow; secret: string }) => Promise<void>): Promise<{ row: WebhookRow; secret: string }> {
      const url = checkedUrl(input.url);
      const existing = await webhooks.count(workspaceId);
      if (existing >= maxPerWorkspace) {
        throw errors.conflict('webhook_limit_reached', `A workspace can have at most ${maxPerWorkspace} webhooks; delete one first.`, {
          limit: maxPerWorkspace,
          webhooks: existing,
        });
      }
      const now = clock.now().toISOString();
      const row: WebhookRow = {
        id: ids.id('wh', 20),
        workspace_id: workspaceId,
        url,
        events: [...input.events],
        secret: cipher.encrypt(input.secret),
        previous_secret: null,
        previous_secret_expires_at: null,
        description: input.description ?? '',
        active: input.active ?? true,
        debug: input.debug ?? false,
        // Events already stored belong to the time before this webhook existed.
        since_position: await events.maxPosition(),
        disabled_reason: null,
        disabled_at: null,
        outcome_id: input.outcome_id ?? null,
        notification_token: input.notification_token ? cipher.encrypt(input.notification_token) : null,
        created_at: now,
        updated_at: now,
        deleted_at: null,
      };
      await beforeInsert?.({ row, secret: input.secret });
      await webhooks.insert(row);
      dispatch.webhooksChanged(workspaceId);
      return { row, secret: input.secret };
    },

    /** Oldest first; `limit` webhooks after the keyset position `after`. */
    async list(workspaceId: string, page: { limit: number; after?: WebhookListAfter }): Promise<WebhookWithStats[]> {
      const rows = await webhooks.list(workspaceId, page);
      const stats = await deliveries.stats(rows.map((row) => row.id));
      return rows.map((row) => ({ row, stats: stats.get(row.id) }));
    },

    get,

    async listForOutcome(workspaceId: string, outcomeId: string): Promise<ScopedWebhook[]> {
      const rows = await webhooks.listForOutcome(workspaceId, outcomeId);
      return rows.map((row) => ({ row, notificationToken: row.notification_token ? cipher.decrypt(row.notification_token) : '' }));
    },

    async update(workspaceId: string, webhookId: string, input: UpdateWebhookRequest): Promise<WebhookWithStats> {
      const before = await own(workspaceId, webhookId);
      const now = clock.now();
      const patch: WebhookPatch = { updated_at: now.toISOString() };
      if (input.events) patch.events = [...input.events];
      if (input.active !== undefined) patch.active = input.active;
      if (input.description !== undefined) patch.description = input.description;
      if (input.debug !== undefined) patch.debug = input.debug;
      if (input.url !== undefined) patch.url = checkedUrl(input.url);
      if (input.secret !== undefined && input.secret !== cipher.decrypt(before.secret)) {
        patch.secret = cipher.encrypt(input.secret);
        patch.previous_secret = before.secret;
        patch.previous_secret_expires_at = new Date(now.getTime() + secretRotationOverlapMs).toISOString();
      }
      // Nothing is sent for events stored while the webhook was inactive.
      if (input.active === true && !before.active) {
        patch.since_position = await events.maxPosition();
        // Switched on again: the reason it was switched off (a 410 Gone) no longer applies.
        patch.disabled_reason = null;
        patch.disabled_at = null;
      }
      await webhooks.update(workspaceId, webhookId, patch);
      dispatch.webhooksChanged(workspaceId);
      return get(workspaceId, webhookId);
    },

    /** Deletes the webhook; deliveries still waiting for a retry end without another attempt. */
    async remove(workspaceId: string, webhookId: string): Promise<void> {
      await own(workspaceId, webhookId);
      await webhooks.markDeleted(workspaceId, webhookId, clock.now().toISOString());
      dispatch.webhooksChanged(workspaceId);
    },

    /** Every attempt made for the webhook, newest first; readable after the webhook was deleted. */
    async attempts(workspaceId: string, webhookId: string, limit: number): Promise<AttemptRow[]> {
      const row = await webhooks.getIncludingDeleted(workspaceId, webhookId);
      if (!row) throw errors.notFound(`Webhook ${webhookId}`, { webhook_id: webhookId });
      return deliveries.listAttempts(webhookId, limit);
    },

    /** Sends `webhook.test` (also to an inactive webhook: it was asked for) and answers with its first attempt. */
    async test(workspaceId: string, webhookId: string, requestedEvent: string | undefined): Promise<AttemptRow> {
      return attemptOf(await dispatch.sendTest(await own(workspaceId, webhookId), requestedEvent));
    },

    /**
     * A fresh attempt of a finished delivery (same stored bytes, signed with the current secrets),
     * numbered after its last attempt; answers with that attempt. A delivery whose retries are
     * still running is 409 `delivery_in_progress`.
     */
    async redeliver(workspaceId: string, webhookId: string, deliveryId: string): Promise<AttemptRow> {
      await own(workspaceId, webhookId);
      const delivery = await deliveries.getForWebhook(webhookId, deliveryId);
      if (!delivery) throw errors.notFound(`Delivery ${deliveryId}`, { webhook_id: webhookId, delivery_id: deliveryId });
      const busy = () =>
        errors.conflict('delivery_in_progress', `Delivery ${deliveryId} is still being attempted; redeliver it once it succeeded or failed.`, {
          delivery_id: deliveryId,
          state: delivery.state,
        });
      if (delivery.state === 'scheduled' || delivery.state === 'waiting') throw busy();
      try {
        return attemptOf(await dispatch.redeliver(delivery));
      } catch (error) {
        if (error instanceof DeliveryBusyError) throw busy();
        throw error;
      }
    },
  };
}

/**
 * The attempt a manual send left. When the attempt could not be made at all (the webhook was
 * deleted meanwhile), the delivery ended without one: shown as a failed attempt without answer.
 */
function attemptOf(row: DeliveryRow): AttemptRow {
  return (
    latestAttemptOf(row) ?? {
      delivery_id: row.id,
      attempt: Math.max(row.attempt, 1),
      webhook_id: row.webhook_id,
      workspace_id: row.workspace_id,
      event: row.event,
      state: 'failed',
      response_code: null,
      response_time_ms: 0,
      delivered_at: row.updated_at,
      next_retry: null,
      error: row.error ?? 'the attempt could not be made',
    }
  );
}
