import { responseObject } from './common.js';
import type { JsonSchema } from './types.js';

export const health: JsonSchema = responseObject({ status: { type: 'string', enum: ['ok'] } });
export const readiness: JsonSchema = responseObject({
  status: { type: 'string', enum: ['ready', 'unavailable'] },
  database: { type: 'string' },
  // What this process runs: `crewd serve --no-worker` serves only the API, `--no-api` only the actors.
  roles: { type: 'object', required: ['api', 'worker'], properties: { api: { type: 'boolean' }, worker: { type: 'boolean' } } },
});
export const openApiDocument: JsonSchema = responseObject({ openapi: { type: 'string' }, paths: { type: 'object' } });
