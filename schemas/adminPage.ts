import { responseObject } from './common.js';
import type { JsonSchema } from './types.js';

const actor = responseObject({ id: { type: 'string' }, machine: { type: 'string' }, state: { type: 'string' }, status: { type: 'string' }, age_seconds: { type: 'integer', minimum: 0 } }, ['id', 'machine', 'state', 'status']);

/** GET /v1/admin/overview: what the operator page shows, read at once. */
export const adminOverview: JsonSchema = responseObject({
  actors: responseObject({
    count: { type: 'integer', minimum: 0 },
    by_machine_state: { type: 'array', items: responseObject({ machine: { type: 'string' }, state: { type: 'string' }, count: { type: 'integer', minimum: 1 } }) },
    list: { type: 'array', items: actor },
  }),
  outcomes: {
    type: 'array',
    items: {
      type: 'object',
      required: ['id', 'status', 'crew', 'created_at', 'brief_start', 'overall_score'],
      properties: {
        id: { type: 'string' },
        status: { type: 'string' },
        crew: { type: 'string' },
        created_at: { type: 'string', format: 'date-time' },
        brief_start: { type: 'string', description: "The brief's first words." },
        overall_score: { type: ['integer', 'null'], description: 'The quality score once completed.' },
      },
    },
  },
  webhook_attempts: {
    type: 'array',
    items: {
      type: 'object',
      required: ['webhook_id', 'url', 'id', 'event', 'status', 'attempt'],
      properties: {
        webhook_id: { type: 'string' },
        url: { type: 'string' },
        id: { type: 'string' },
        event: { type: 'string' },
        status: { type: 'string' },
        attempt: { type: 'integer', minimum: 0 },
        response_code: { type: ['integer', 'null'] },
        response_time_ms: { type: ['integer', 'null'] },
        delivered_at: { type: ['string', 'null'], format: 'date-time' },
      },
    },
  },
  position: { type: 'integer', minimum: 0, description: 'Latest event position: pass it as ?after= to GET /v1/admin/events' },
});

export const adminEventsQuery: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { after: { type: 'integer', minimum: 0, description: 'Event position to read after (from the overview or the previous answer)' } },
};

/** GET /v1/admin/events: the workspace's stored events after a position, oldest first. */
export const adminEvents: JsonSchema = responseObject({
  events: {
    type: 'array',
    items: responseObject({
      position: { type: 'integer' },
      outcome_id: { type: ['string', 'null'] },
      sequence: { type: 'integer' },
      event: { type: 'string' },
      timestamp: { type: 'string', format: 'date-time' },
      data: { type: 'object', additionalProperties: true },
    }),
  },
  next_after: { type: 'integer', minimum: 0 },
  has_more: { type: 'boolean' },
});

export const adminPageHtml: JsonSchema = { type: 'string', description: 'The operator page (HTML with its script and styles inlined)', 'x-content-type': 'text/html' };
