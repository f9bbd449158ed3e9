import { component, nullableTimestamp, responseObject, strictObject, timestamp } from './common.js';
import type { FromSchema } from './fromSchema.js';
import type { JsonSchema } from './types.js';

const scopeEnum = ['crews:read', 'outcomes:read', 'integrations:read', 'crews:write', 'outcomes:write', 'integrations:write', 'admin:read', 'admin:write'] as const;

const name = { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' } as const satisfies JsonSchema;

export const apiKeyView: JsonSchema = component('ApiKey', responseObject({
  key_id: { type: 'string', pattern: '^key_' },
  name: { type: 'string' },
  permissions: { type: 'array', items: { type: 'string', enum: scopeEnum } },
  prefix: { type: 'string' },
  created_at: timestamp,
  last_used_at: nullableTimestamp,
  expires_at: nullableTimestamp,
}));

export const apiKeyCreated: JsonSchema = component('ApiKeyCreated', {
  allOf: [apiKeyView, responseObject({ secret: { type: 'string', pattern: '^crew_sk_' } })],
});

export const apiKeyList: JsonSchema = component('ApiKeyList', responseObject({ api_keys: { type: 'array', items: apiKeyView } }));

export const apiKeyRevoked: JsonSchema = component('ApiKeyRevoked', responseObject({ key_id: { type: 'string' }, revoked: { const: true } }));

export const createApiKeyBody = strictObject(
  {
    name,
    permissions: { type: 'array', minItems: 1, uniqueItems: true, items: { type: 'string', enum: scopeEnum } },
    expires_at: timestamp,
  },
  ['name', 'permissions'],
);

export type CreateApiKeyRequest = FromSchema<typeof createApiKeyBody>;

/** Only the name of a key can change (`x-onlyChangeable`: an unknown field says so). */
export const updateApiKeyBody = { ...strictObject({ name }, ['name']), 'x-onlyChangeable': true } as const satisfies JsonSchema;

export type UpdateApiKeyRequest = FromSchema<typeof updateApiKeyBody>;

export const keyIdParam: JsonSchema = { type: 'string', pattern: '^key_[A-Za-z0-9]+$' };
