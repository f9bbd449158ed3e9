import { Ajv, type ErrorObject, type SchemaValidateFunction, type ValidateFunction } from 'ajv';
import * as addFormatsModule from 'ajv-formats';
import { errors, ServiceError } from '../runtime/errors.js';
import type { JsonSchema } from '../schemas/types.js';
import { validationMessage } from '../schemas/validationMessage.js';

// ajv-formats is CommonJS: under NodeNext the namespace's default is its module.exports, whose own
// `default` is the typed plugin (the package sets exports.default to the same function).
const addFormats = addFormatsModule.default.default;

/**
 * A body field the schema does not know, checked before ajv's own order (which reports a missing
 * required field first): `{"permissions": [...]}` on a rename must say that only `name` can change.
 */
function unknownRootField(schema: JsonSchema, value: unknown) {
  if (schema.additionalProperties !== false || typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const known = Object.keys((schema.properties as Record<string, unknown> | undefined) ?? {});
  const unknown = Object.keys(value).find((key) => !known.includes(key));
  if (unknown === undefined) return undefined;
  const message =
    schema['x-onlyChangeable'] === true
      ? `Only ${known.map((k) => `'${k}'`).join(', ')} can change here; '${unknown}' cannot be updated.`
      : `Unknown field '${unknown}' in the request body.`;
  return errors.invalidRequest(message, { field: unknown, reason: 'unknown_field', allowed: known });
}

/** Turns the first ajv error into the spec's 400 `invalid_request`, naming the field. */
function toServiceError(error: ErrorObject | undefined, where: 'body' | 'query' | 'path') {
  if (!error) return errors.invalidRequest(`Invalid request ${where}.`, {});
  const base = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const join = (child: string) => (base ? `${base}.${child}` : child);
  switch (error.keyword) {
    case 'additionalProperties': {
      const field = join(String((error.params as { additionalProperty: string }).additionalProperty));
      const noun = where === 'query' ? 'query parameter' : 'field';
      return errors.invalidRequest(`Unknown ${noun} '${field}' in the request ${where}.`, { field, reason: 'unknown_field' });
    }
    case 'required': {
      const field = join(String((error.params as { missingProperty: string }).missingProperty));
      return errors.invalidRequest(`Missing required field '${field}'.`, { field, reason: 'required' });
    }
    default: {
      const field = base || where;
      return errors.invalidRequest(`Field '${field}' ${validationMessage(error)}.`, {
        field,
        reason: error.keyword,
        ...(error.keyword === 'enum' ? { allowed: (error.params as { allowedValues: unknown[] }).allowedValues } : {}),
        ...(error.keyword === 'x-maxJsonBytes' ? { max_json_bytes: (error.params as { limit: number }).limit } : {}),
      });
    }
  }
}

/**
 * A date-time must also be an instant this process can compute with: RFC 3339 allows a leap second
 * (`23:59:60Z`), which `Date` cannot represent and would later throw on; such a value is a 400
 * naming the field, never a 500.
 */
function addInstantRules(ajv: Ajv): void {
  addFormats(ajv);
  const rfc3339 = ajv.formats['date-time'];
  const check = typeof rfc3339 === 'object' && rfc3339 !== null && 'validate' in rfc3339 ? rfc3339.validate : rfc3339;
  ajv.addFormat('date-time', {
    type: 'string',
    validate: (value: string) => (typeof check === 'function' ? (check as (v: string) => boolean)(value) : true) && Number.isFinite(Date.parse(value)),
  });
  // `x-maxJsonBytes`: a size cap on a free-form object (e.g. `requirements`), measured on its JSON.
  // The input rules already bounded its depth, so serializing it cannot overflow the stack.
  // ajv reads a function keyword's errors from the function itself (its `errors` property).
  const maxJsonBytes: SchemaValidateFunction = (max: number, data: unknown) => {
    const size = JSON.stringify(data).length;
    if (size <= max) return true;
    maxJsonBytes.errors = [{ keyword: 'x-maxJsonBytes', message: `must be at most ${max} characters of JSON (got ${size})`, params: { limit: max } }];
    return false;
  };
  ajv.addKeyword({ keyword: 'x-maxJsonBytes', type: 'object', schemaType: 'number', errors: true, validate: maxJsonBytes });
}

/**
 * Compiles request schemas once; bodies are validated as sent, queries and paths with type coercion.
 * A route's schema is compiled at its first request, and the two ajv engines are built with the
 * first compile: compiling every route's schemas when the service starts cost each start about a
 * tenth of a CPU-second, for routes most processes (a test, an admin command) never call.
 */
export function createValidators(): Validators {
  let engines: { strict: Ajv; coercing: Ajv } | undefined;
  const enginesOf = () => {
    if (!engines) {
      engines = { strict: new Ajv({ allErrors: false, strict: false }), coercing: new Ajv({ allErrors: false, strict: false, coerceTypes: true, useDefaults: true }) };
      addInstantRules(engines.strict);
      addInstantRules(engines.coercing);
    }
    return engines;
  };
  const cache = new Map<JsonSchema, ValidateFunction>();

  /** The schema's validate function, compiled on the first call (and once per schema object). */
  function compiled(engine: 'strict' | 'coercing', schema: JsonSchema): () => ValidateFunction {
    let fn: ValidateFunction | undefined;
    return () => {
      if (fn) return fn;
      fn = cache.get(schema);
      if (!fn) {
        fn = enginesOf()[engine].compile(schema);
        cache.set(schema, fn);
      }
      return fn;
    };
  }

  return {
    body(schema: JsonSchema): (value: unknown) => void {
      const validate = compiled('strict', schema);
      return (value) => {
        const fn = validate();
        if (!fn(value)) throw unknownRootField(schema, value) ?? toServiceError(fn.errors?.[0], 'body');
      };
    },
    /** One rule everywhere: a parameter the route does not declare is a 400 naming it. */
    query(schema: JsonSchema): (value: Record<string, unknown>) => Record<string, unknown> {
      const validate = compiled('coercing', { ...schema, additionalProperties: false });
      return (value) => {
        const fn = validate();
        const copy = { ...value };
        if (!fn(copy)) throw toServiceError(fn.errors?.[0], 'query');
        return copy;
      };
    },
    params(schemas: Record<string, JsonSchema>): (value: Record<string, string>) => void {
      const validate = compiled('coercing', { type: 'object', properties: schemas });
      return (value) => {
        const fn = validate();
        if (!fn({ ...value })) {
          const error = fn.errors?.[0];
          const field = error?.instancePath.replace(/^\//, '') || null;
          if (error?.keyword === 'enum' && field) {
            // A closed set (the crews): say which values exist, so the caller can fix the path.
            const allowed = (error.params as { allowedValues: unknown[] }).allowedValues.map(String);
            const noun = field.replace(/_id$/, '').replace(/_/g, ' ');
            const name = `${noun.charAt(0).toUpperCase()}${noun.slice(1)}`;
            throw new ServiceError(404, 'not_found', `${name} '${value[field]}' was not found. Valid ${noun}s: ${allowed.join(', ')}.`, { field, allowed });
          }
          throw errors.notFound(`The resource '${Object.values(value).join('/')}'`, { field });
        }
      };
    },
  };
}

export interface Validators {
  body(schema: JsonSchema): (value: unknown) => void;
  /** One rule everywhere: a parameter the route does not declare is a 400 naming it. */
  query(schema: JsonSchema): (value: Record<string, unknown>) => Record<string, unknown>;
  params(schemas: Record<string, JsonSchema>): (value: Record<string, string>) => void;
}
