import type { JsonSchema } from './types.js';

export const timestamp = { type: 'string', format: 'date-time' } as const satisfies JsonSchema;
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

/**
 * A request body object that refuses unknown fields. It keeps its arguments' literal types, so
 * `FromSchema` (schemas/fromSchema.ts) derives the request type from it.
 */
export function strictObject<const P extends Record<string, JsonSchema>, const R extends readonly string[] = readonly []>(
  properties: P,
  required?: R,
): { type: 'object'; additionalProperties: false; required: R | readonly []; properties: P } {
  return { type: 'object', additionalProperties: false, required: required ?? [], properties };
}

/** A response object: every listed field present, extra fields allowed for forward compatibility. */
export function responseObject(properties: Record<string, JsonSchema>, required: string[] = Object.keys(properties)): JsonSchema {
  return { type: 'object', required, properties };
}

/** Largest serialized `requirements` object (docs/api.md "Limits and input rules"). */
export const maxRequirementsJson = 32 * 1024;

/** A free-form `requirements` object, capped in size (the `x-maxJsonBytes` keyword of http/validation.ts). */
export const requirementsObject = {
  type: 'object',
  additionalProperties: true,
  'x-maxJsonBytes': maxRequirementsJson,
  description: `Free-form keys; at most ${maxRequirementsJson} characters of JSON and 32 levels deep.`,
} as const satisfies JsonSchema;

const componentNames = new WeakMap<object, string>();
const namedSchemas = new Map<string, object>();

/**
 * Names `schema` as an OpenAPI component: the document lists it once under
 * `components.schemas.<name>` and refers to it by `$ref` wherever it appears, so generated
 * clients get a type of that name. The schema object itself is unchanged (validation uses it as is).
 */
export function component<T extends JsonSchema>(name: string, schema: T): T {
  const taken = namedSchemas.get(name);
  if (taken && taken !== schema) throw new Error(`two schemas are named ${name}`);
  namedSchemas.set(name, schema);
  componentNames.set(schema, name);
  return schema;
}

/** The component name given to this very schema object by `component`, if any. */
export function componentName(schema: unknown): string | undefined {
  return schema && typeof schema === 'object' ? componentNames.get(schema) : undefined;
}
