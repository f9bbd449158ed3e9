import { nullableTimestamp, responseObject, strictObject, timestamp } from './common.js';
import type { JsonSchema } from './types.js';

/** The spec's eleven event kinds (Events, Event kinds); a webhook subscribes to a subset. */
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
] as const;

export type WebhookEventKind = (typeof webhookEventKinds)[number];

export const secretMinLength = 16;
export const secretMaxLength = 256;

const eventKind: JsonSchema = { type: 'string', enum: [...webhookEventKinds] };
const eventList: JsonSchema = { type: 'array', minItems: 1, maxItems: webhookEventKinds.length, uniqueItems: true, items: eventKind };
const description: JsonSchema = { type: 'string', maxLength: 500 };

export const webhookView: JsonSchema = responseObject({
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
});

export const webhookCreated: JsonSchema = {
  allOf: [webhookView, responseObject({ secret: { type: 'string' } })],
};

export const webhookList: JsonSchema = responseObject({ webhooks: { type: 'array', items: webhookView } });

export const webhookDeleted: JsonSchema = responseObject({ id: { type: 'string', pattern: '^wh_' }, deleted: { const: true } });

/**
 * One delivery (one event to one webhook), showing its latest attempt. `failed` with `next_retry`
 * is waiting for another attempt; `failed` without it is final. `pending` (an extension of the
 * spec's two values) means no attempt has finished yet: attempt 0 and null result fields.
 */
export const webhookDeliveryView: JsonSchema = responseObject(
  {
    id: { type: 'string', pattern: '^del_' },
    event: { type: 'string' },
    status: { type: 'string', enum: ['success', 'failed', 'pending'] },
    response_code: { type: ['integer', 'null'] },
    delivered_at: nullableTimestamp,
    response_time_ms: { type: ['integer', 'null'], minimum: 0 },
    attempt: { type: 'integer', minimum: 0 },
    next_retry: timestamp,
    error: { type: 'string' },
  },
  ['id', 'event', 'status', 'response_code', 'delivered_at', 'response_time_ms', 'attempt'],
);

export const webhookDeliveryList: JsonSchema = responseObject({ deliveries: { type: 'array', items: webhookDeliveryView } });

export const createWebhookBody: JsonSchema = strictObject(
  {
    url: { type: 'string', minLength: 1, maxLength: 2048 },
    events: eventList,
    secret: { type: 'string', minLength: secretMinLength, maxLength: secretMaxLength, pattern: '^\\S+$' },
    description,
    active: { type: 'boolean' },
    debug: { type: 'boolean' },
  },
  ['url', 'events', 'secret'],
);

export const updateWebhookBody: JsonSchema = {
  ...strictObject({ events: eventList, active: { type: 'boolean' }, description, debug: { type: 'boolean' } }),
  minProperties: 1,
};

export const testWebhookBody: JsonSchema = strictObject({ event: eventKind });

export const deliveriesQuery: JsonSchema = {
  type: 'object',
  properties: { limit: { type: 'integer', minimum: 1, maximum: 100, default: 50 } },
};

export const webhookIdParam: JsonSchema = { type: 'string', pattern: '^wh_[A-Za-z0-9]+$' };
