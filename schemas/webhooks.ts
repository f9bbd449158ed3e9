import { component, nullableTimestamp, responseObject, strictObject, timestamp } from './common.js';
import { outcomeIdParam } from './outcomes.js';
import type { FromSchema } from './fromSchema.js';
import type { JsonSchema } from './types.js';

/**
 * The spec's eleven event kinds (Events, Event kinds), the failures made visible since (issue 25:
 * `outcome.revision_failed`, `tool.failed`), the approval events (issue 27) and a tool
 * connection's refused OAuth refresh (`tool_connection.auth_required`, issue 29); a webhook
 * subscribes to a subset.
 */
export const webhookEventKinds = [
  'outcome.created',
  'outcome.processing',
  'outcome.completed',
  'outcome.failed',
  'outcome.revision_requested',
  'crew.deployed',
  'crew.agent_started',
  'crew.agent_completed',
  'integration.executed',
  'integration.failed',
  'webhook.test',
  'outcome.revision_failed',
  'tool.failed',
  // Approvals (issue 27).
  'outcome.action_required',
  'outcome.action_resolved',
  // A tool connection's OAuth refresh token was refused (issue 29).
  'tool_connection.auth_required',
] as const;

export type WebhookEventKind = (typeof webhookEventKinds)[number];

export const secretMinLength = 16;
export const secretMaxLength = 256;

const eventKind = { type: 'string', enum: [...webhookEventKinds] } as const satisfies JsonSchema;
const eventList = { type: 'array', minItems: 1, maxItems: webhookEventKinds.length, uniqueItems: true, items: eventKind } as const satisfies JsonSchema;
const description = { type: 'string', maxLength: 500 } as const satisfies JsonSchema;
const url = { type: 'string', minLength: 1, maxLength: 2048 } as const satisfies JsonSchema;
const secret = { type: 'string', minLength: secretMinLength, maxLength: secretMaxLength, pattern: '^\\S+$' } as const satisfies JsonSchema;

export const webhookView: JsonSchema = component('Webhook', responseObject({
  id: { type: 'string', pattern: '^wh_' },
  url: { type: 'string' },
  events: { type: 'array', items: eventKind },
  description: { type: 'string' },
  active: { type: 'boolean' },
  debug: { type: 'boolean' },
  created_at: timestamp,
  last_delivery: nullableTimestamp,
  delivery_count: { type: 'integer', minimum: 0 },
  success_rate: { type: 'number', minimum: 0, maximum: 1 },
  previous_secret_expires_at: nullableTimestamp,
  disabled_reason: { type: ['string', 'null'] },
  // Set: only this outcome's events are delivered (also every A2A push config of its task).
  outcome_id: { type: ['string', 'null'] },
}));

export const webhookCreated: JsonSchema = component('WebhookCreated', {
  allOf: [webhookView, responseObject({ secret: { type: 'string' } })],
});

/** `GET /v1/webhooks`: oldest first, paginated like `/v1/outcomes` (opaque cursor). */
export const webhookList: JsonSchema = component('WebhookList', responseObject({
  webhooks: { type: 'array', items: webhookView },
  pagination: responseObject({ next_cursor: { type: ['string', 'null'] }, has_more: { type: 'boolean' } }),
}));

export const webhookListQuery: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    // The default shows every webhook a workspace may have (the cap is 100), as the spec's unpaginated list did.
    limit: { type: 'integer', minimum: 1, maximum: 100, default: 100 },
    cursor: { type: 'string', minLength: 1, maxLength: 500 },
  },
};

export const webhookDeleted: JsonSchema = component('WebhookDeleted', responseObject({ id: { type: 'string', pattern: '^wh_' }, deleted: { const: true } }));

/**
 * One attempt of a delivery (spec: Webhook delivery). `id` is the delivery's `del_` id, the same on
 * every attempt of it; `attempt` numbers the attempt. `response_code` is 0 when no answer came
 * (then `error` says why). `next_retry` is present on a failed attempt that was or will be
 * followed by another: when that one was (or is) due.
 */
export const webhookDeliveryView: JsonSchema = component('WebhookDelivery', responseObject(
  {
    id: { type: 'string', pattern: '^del_' },
    event: { type: 'string' },
    status: { type: 'string', enum: ['success', 'failed'] },
    response_code: { type: 'integer', minimum: 0 },
    delivered_at: timestamp,
    response_time_ms: { type: 'integer', minimum: 0 },
    attempt: { type: 'integer', minimum: 1 },
    next_retry: timestamp,
    error: { type: 'string' },
  },
  ['id', 'event', 'status', 'response_code', 'delivered_at', 'response_time_ms', 'attempt'],
));

/** Every attempt of the webhook's deliveries, newest first. */
export const webhookDeliveryList: JsonSchema = component('WebhookDeliveryList', responseObject({ deliveries: { type: 'array', items: webhookDeliveryView } }));

export const createWebhookBody = strictObject(
  {
    url,
    events: eventList,
    secret,
    description,
    active: { type: 'boolean' },
    debug: { type: 'boolean' },
    // Scopes the webhook to one outcome of the workspace (404 when there is none such).
    outcome_id: outcomeIdParam,
  },
  ['url', 'events', 'secret'],
);

/** POST /v1/webhooks, after schema validation. */
export type CreateWebhookRequest = FromSchema<typeof createWebhookBody>;

/**
 * Any of the fields. A new `secret` rotates it: deliveries carry a second signature with the old
 * secret for 24 hours (`X-Service-Signature: sha256=<new>, sha256=<old>`); a new `url` passes the
 * same checks as at creation.
 */
export const updateWebhookBody = {
  ...strictObject({ url, secret, events: eventList, active: { type: 'boolean' }, description, debug: { type: 'boolean' } }),
  minProperties: 1,
} as const satisfies JsonSchema;

/** PATCH /v1/webhooks/{id}, after schema validation. */
export type UpdateWebhookRequest = FromSchema<typeof updateWebhookBody>;

export const testWebhookBody = strictObject({ event: eventKind });

export type TestWebhookRequest = FromSchema<typeof testWebhookBody>;

export const deliveriesQuery: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { limit: { type: 'integer', minimum: 1, maximum: 100, default: 50 } },
};

export const webhookIdParam: JsonSchema = { type: 'string', pattern: '^wh_[A-Za-z0-9]+$' };
export const deliveryIdParam: JsonSchema = { type: 'string', pattern: '^del_[A-Za-z0-9]+$' };
