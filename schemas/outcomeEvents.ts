import { component, responseObject } from './common.js';
import type { JsonSchema } from './types.js';

/** One stored event of an outcome: the stream's envelope (`event`, `timestamp`, `data`) plus its `sequence`. */
export const outcomeEvent: JsonSchema = component('OutcomeEvent', responseObject({
  event: { type: 'string' },
  timestamp: { type: 'string', format: 'date-time' },
  sequence: { type: 'integer', minimum: 1 },
  data: { type: 'object', additionalProperties: true },
}));

/** A page of an outcome's stored events, oldest first; `next_cursor` is the sequence to pass as `after`. */
export const outcomeEventList: JsonSchema = component('OutcomeEventList', responseObject({
  data: { type: 'array', items: outcomeEvent },
  pagination: responseObject({ next_cursor: { type: ['string', 'null'] }, has_more: { type: 'boolean' } }),
}));

export const outcomeEventsQuery: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    after: { type: 'integer', minimum: 0, description: 'Only events with a larger sequence (default 0: all).' },
    limit: { type: 'integer', minimum: 1, maximum: 100, default: 50, description: 'Events per page (the JSON form only).' },
  },
};
