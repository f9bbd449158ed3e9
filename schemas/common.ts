import type { JsonSchema } from './types.js';

export const timestamp: JsonSchema = { type: 'string', format: 'date-time' };
export const nullableTimestamp: JsonSchema = { type: ['string', 'null'], format: 'date-time' };

/** The spec's error body: `{error: {code, message, details}}`. */
export const errorBody: JsonSchema = {
  type: 'object',
  required: ['error'],
  additionalProperties: false,
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message', 'details'],
      additionalProperties: false,
      properties: {
        code: { type: 'string' },
        message: { type: 'string' },
        details: { type: 'object' },
      },
    },
  },
};

/** A request body object that refuses unknown fields. */
export function strictObject(properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema {
  return { type: 'object', additionalProperties: false, required, properties };
}

/** A response object: every listed field present, extra fields allowed for forward compatibility. */
export function responseObject(properties: Record<string, JsonSchema>, required: string[] = Object.keys(properties)): JsonSchema {
  return { type: 'object', required, properties };
}

/** Largest serialized `requirements` object (README "Limits and input rules"). */
export const maxRequirementsJson = 32 * 1024;

/** A free-form `requirements` object, capped in size (the `x-maxJsonBytes` keyword of http/validation.ts). */
export const requirementsObject: JsonSchema = {
  type: 'object',
  additionalProperties: true,
  'x-maxJsonBytes': maxRequirementsJson,
  description: `Free-form keys; at most ${maxRequirementsJson} characters of JSON and 32 levels deep.`,
};
