import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import * as addFormatsModule from 'ajv-formats';
import { errors } from '../runtime/errors.js';
import type { JsonSchema } from '../schemas/types.js';

// ajv-formats is CommonJS with a default export; under NodeNext the callable sits on .default.
const addFormats = addFormatsModule.default as unknown as (ajv: Ajv) => Ajv;

/** Turns the first ajv error into the spec's 400 `invalid_request`, naming the field. */
function toServiceError(error: ErrorObject | undefined, where: 'body' | 'query' | 'path') {
  if (!error) return errors.invalidRequest(`Invalid request ${where}.`, {});
  const base = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const join = (child: string) => (base ? `${base}.${child}` : child);
  switch (error.keyword) {
    case 'additionalProperties': {
      const field = join(String((error.params as { additionalProperty: string }).additionalProperty));
      return errors.invalidRequest(`Unknown field '${field}' in the request ${where}.`, { field, reason: 'unknown_field' });
    }
    case 'required': {
      const field = join(String((error.params as { missingProperty: string }).missingProperty));
      return errors.invalidRequest(`Missing required field '${field}'.`, { field, reason: 'required' });
    }
    default: {
      const field = base || where;
      return errors.invalidRequest(`Field '${field}' ${error.message ?? 'is invalid'}.`, {
        field,
        reason: error.keyword,
        ...(error.keyword === 'enum' ? { allowed: (error.params as { allowedValues: unknown[] }).allowedValues } : {}),
      });
    }
  }
}

/** Compiles request schemas once; bodies are validated as sent, queries and paths with type coercion. */
export function createValidators() {
  const strict = new Ajv({ allErrors: false, strict: false });
  const coercing = new Ajv({ allErrors: false, strict: false, coerceTypes: true, useDefaults: true });
  addFormats(strict);
  addFormats(coercing);
  const cache = new Map<JsonSchema, ValidateFunction>();

  function compile(ajv: Ajv, schema: JsonSchema): ValidateFunction {
    let fn = cache.get(schema);
    if (!fn) {
      fn = ajv.compile(schema);
      cache.set(schema, fn);
    }
    return fn;
  }

  return {
    body(schema: JsonSchema): (value: unknown) => void {
      const fn = compile(strict, schema);
      return (value) => {
        if (!fn(value)) throw toServiceError(fn.errors?.[0], 'body');
      };
    },
    query(schema: JsonSchema): (value: Record<string, unknown>) => Record<string, unknown> {
      const fn = compile(coercing, schema);
      return (value) => {
        const copy = { ...value };
        if (!fn(copy)) throw toServiceError(fn.errors?.[0], 'query');
        return copy;
      };
    },
    params(schemas: Record<string, JsonSchema>): (value: Record<string, string>) => void {
      const schema = { type: 'object', properties: schemas };
      const fn = compile(coercing, schema);
      return (value) => {
        if (!fn({ ...value })) {
          const error = fn.errors?.[0];
          throw errors.notFound(`The resource '${Object.values(value).join('/')}'`, { field: error?.instancePath.replace(/^\//, '') ?? null });
        }
      };
    },
  };
}

export type Validators = ReturnType<typeof createValidators>;
