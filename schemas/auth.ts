import { responseObject } from './common.js';
import type { JsonSchema } from './types.js';

export const verifyResponse: JsonSchema = responseObject({
  valid: { type: 'boolean' },
  key_id: { type: 'string' },
  workspace_id: { type: 'string' },
  permissions: { type: 'array', items: { type: 'string' } },
  rate_limit: responseObject({ limit: { type: 'integer' }, remaining: { type: 'integer' }, reset: { type: 'integer' } }),
});
