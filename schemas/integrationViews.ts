import { nullableTimestamp, responseObject } from './common.js';
import type { JsonSchema } from './types.js';

/** GET /v1/integrations entries with the settings schema, auth modes and auth status (issue 17). */
export const integrationView: JsonSchema = responseObject({
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
});

export const integrationList: JsonSchema = responseObject({ integrations: { type: 'array', items: integrationView } });

export const oauthStartBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['redirect_uri'],
  properties: { redirect_uri: { type: 'string', format: 'uri', pattern: '^https?://', maxLength: 2000 } },
};

export const oauthStartAnswer: JsonSchema = responseObject({ authorization_url: { type: 'string' }, state: { type: 'string' }, expires_at: { type: 'string' } });

/** What a vendor sends back to the OAuth callback (RFC 6749 section 4.1.2; extra vendor fields allowed). */
export const oauthCallbackQuery: JsonSchema = {
  type: 'object',
  additionalProperties: { type: 'string', maxLength: 4000 },
  properties: { state: { type: 'string', maxLength: 200 }, code: { type: 'string', maxLength: 4000 }, error: { type: 'string', maxLength: 200 }, error_description: { type: 'string', maxLength: 1000 } },
};
