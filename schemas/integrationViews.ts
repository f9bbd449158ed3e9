import { responseObject } from './common.js';
import type { FromSchema } from './fromSchema.js';
import type { JsonSchema } from './types.js';

/** GET /v1/integrations entries (with the settings schema, auth modes and auth status) are the named components of integrations.ts. */
export { integrationList, integrationView } from './integrations.js';

export const oauthStartBody = {
  type: 'object',
  additionalProperties: false,
  required: ['redirect_uri'],
  properties: { redirect_uri: { type: 'string', format: 'uri', pattern: '^https?://', maxLength: 2000 } },
} as const satisfies JsonSchema;

export type OAuthStartRequest = FromSchema<typeof oauthStartBody>;

export const oauthStartAnswer: JsonSchema = responseObject({ authorization_url: { type: 'string' }, state: { type: 'string' }, expires_at: { type: 'string' } });

/** What a vendor sends back to the OAuth callback (RFC 6749 section 4.1.2; extra vendor fields allowed). */
export const oauthCallbackQuery: JsonSchema = {
  type: 'object',
  additionalProperties: { type: 'string', maxLength: 4000 },
  properties: { state: { type: 'string', maxLength: 200 }, code: { type: 'string', maxLength: 4000 }, error: { type: 'string', maxLength: 200 }, error_description: { type: 'string', maxLength: 1000 } },
};
