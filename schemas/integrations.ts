import { component, nullableTimestamp, responseObject, strictObject } from './common.js';
import type { FromSchema } from './fromSchema.js';
import type { JsonSchema } from './types.js';

/** Schemas of the Integrations endpoints (spec: Integrations; the answers are DESIGN's). */

export const integrationIdParam: JsonSchema = { type: 'string', pattern: '^[a-z][a-z0-9_-]{0,31}$' };

export const integrationView: JsonSchema = component('Integration', responseObject({
  id: { type: 'string' },
  kind: { type: 'string' },
  display_name: { type: 'string' },
  crews: { type: 'array', items: { type: 'string' } },
  flags: { type: 'array', items: { type: 'string' } },
  configured: { type: 'boolean' },
  settings: { type: 'object' },
  settings_schema: { type: 'object' },
  auth: { type: 'object', required: ['token', 'oauth'], properties: { token: { type: 'boolean' }, oauth: { type: 'boolean' } } },
  auth_status: { type: 'string', enum: ['ok', 'auth_required'] },
  connection_status: { type: 'string', enum: ['active', 'disconnected', 'error'] },
  connection_id: { type: ['string', 'null'] },
  updated_at: nullableTimestamp,
}));

export const integrationList: JsonSchema = component('IntegrationList', responseObject({ integrations: { type: 'array', items: integrationView } }));

/** `settings` is checked against the plugin's own JSON Schema by the runtime (400 naming the field). */
export const configureBody = strictObject({
  settings: { type: 'object', maxProperties: 50 },
  channel: { type: 'string', minLength: 1, maxLength: 200 },
  notify_on_completion: { type: 'boolean' },
  import_context: { type: 'boolean' },
});

/** PUT /v1/integrations/{id}, after schema validation. */
export type ConfigureRequest = FromSchema<typeof configureBody>;
