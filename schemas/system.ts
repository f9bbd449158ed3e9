import { responseObject } from './common.js';
import type { JsonSchema } from './types.js';

export const health: JsonSchema = responseObject({ status: { type: 'string', enum: ['ok'] } });
export const readiness: JsonSchema = responseObject({ status: { type: 'string', enum: ['ready', 'unavailable'] }, database: { type: 'string' } });
export const openApiDocument: JsonSchema = responseObject({ openapi: { type: 'string' }, paths: { type: 'object' } });
