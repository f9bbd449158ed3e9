import type { ListTaskPushNotificationConfigsResponse, TaskPushNotificationConfig } from '@a2a-js/sdk';
import { RequestMalformedError, TaskNotFoundError } from '@a2a-js/sdk/errors';
import type { IdGenerator } from '../ids.js';
import type { ScopedWebhook, WebhookService } from '../webhooks/service.js';
import type { WebhookEventKind } from '../../schemas/webhooks.js';
import { inA2aTerms } from './a2aErrors.js';

/**
 * What a follower of one task needs to hear: it works, waits for a decision, ends, or is revised.
 * (`outcome.created` came before the config could exist.)
 */
export const pushEventKinds: readonly WebhookEventKind[] = [
  'outcome.processing',
  'outcome.completed',
  'outcome.failed',
  'outcome.action_required',
  'outcome.action_resolved',
  'outcome.revision_requested',
  'outcome.revision_failed',
];

/**
 * The `authentication.scheme` of a created config's answer: its `credentials` are the webhook's
 * signing secret, the HMAC-SHA256 key of every delivery's `X-Service-Signature` (docs/a2a.md).
 */
export const signatureScheme = 'crewd-hmac-sha256';

/** A generated signing secret's length (base62), as long as crewd's API keys' random part. */
const secretLength = 40;
const maxTokenLength = 1024;

export interface PushConfigDeps {
  webhooks: Pick<WebhookService, 'create' | 'listForOutcome' | 'remove'>;
  ids: Pick<IdGenerator, 'secret'>;
}

function configOf(taskId: string, scoped: ScopedWebhook, secret?: string): TaskPushNotificationConfig {
  return {
    tenant: '',
    id: scoped.row.id,
    taskId,
    url: scoped.row.url,
    token: scoped.notificationToken,
    // The secret is shown once, as POST /v1/webhooks shows it: in the answer to the create.
    authentication: secret ? { scheme: signatureScheme, credentials: secret } : undefined,
  };
}

function checkedToken(token: string): string {
  // It travels as a header value: printable ASCII only, so no delivery fails on it later.
  if (token.length > maxTokenLength || !/^[\x20-\x7e]*$/.test(token)) {
    throw new RequestMalformedError(`The push config's token must be printable ASCII of at most ${maxTokenLength} characters.`);
  }
  return token;
}

/**
 * A2A push notification configs of a task, kept as crewd webhooks scoped to the task's outcome:
 * the config id is the webhook id, deliveries are crewd's signed webhook deliveries (with retries)
 * of the outcome's events, and the config's token rides along as `X-A2A-Notification-Token`.
 * Callers have already checked that the task is the key workspace's outcome.
 */
export function pushConfigs(deps: PushConfigDeps): PushConfigs {
  async function scopedOne(workspaceId: string, taskId: string, id: string): Promise<ScopedWebhook> {
    const found = (await deps.webhooks.listForOutcome(workspaceId, taskId)).find((scoped) => scoped.row.id === id);
    if (!found) throw new TaskNotFoundError(`Push notification config '${id}' was not found for task ${taskId}.`);
    return found;
  }

  return {
    async create(workspaceId: string, taskId: string, config: TaskPushNotificationConfig): Promise<TaskPushNotificationConfig> {
      if (!config.url) throw new RequestMalformedError("The push config's url is missing.");
      if (config.authentication?.credentials) {
        throw new RequestMalformedError('crewd does not send caller-chosen credentials: leave authentication empty; deliveries are signed with the secret in the answer (X-Service-Signature) and carry the token as X-A2A-Notification-Token.');
      }
      const token = checkedToken(config.token ?? '');
      const secret = deps.ids.secret(secretLength);
      const { row } = await inA2aTerms(() =>
        deps.webhooks.create(workspaceId, {
          url: config.url,
          events: [...pushEventKinds],
          secret,
          description: `A2A push notifications of task ${taskId}`,
          outcome_id: taskId,
          ...(token ? { notification_token: token } : {}),
        }),
      );
      return configOf(taskId, { row, notificationToken: token }, secret);
    },

    async get(workspaceId: string, taskId: string, id: string): Promise<TaskPushNotificationConfig> {
      return configOf(taskId, await scopedOne(workspaceId, taskId, id));
    },

    /** Every config of the task in one page (a workspace has at most 100 webhooks). */
    async list(workspaceId: string, taskId: string): Promise<ListTaskPushNotificationConfigsResponse> {
      const scoped = await deps.webhooks.listForOutcome(workspaceId, taskId);
      return { configs: scoped.map((one) => configOf(taskId, one)), nextPageToken: '' };
    },

    async remove(workspaceId: string, taskId: string, id: string): Promise<void> {
      await scopedOne(workspaceId, taskId, id);
      await inA2aTerms(() => deps.webhooks.remove(workspaceId, id));
    },
  };
}

export interface PushConfigs {
  create(workspaceId: string, taskId: string, config: TaskPushNotificationConfig): Promise<TaskPushNotificationConfig>;
  get(workspaceId: string, taskId: string, id: string): Promise<TaskPushNotificationConfig>;
  /** Every config of the task in one page (a workspace has at most 100 webhooks). */
  list(workspaceId: string, taskId: string): Promise<ListTaskPushNotificationConfigsResponse>;
  remove(workspaceId: string, taskId: string, id: string): Promise<void>;
}
