import { fromJsonSchema, type JsonSchemaValidatorResult, type StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import type { JsonSchema } from '../../schemas/types.js';

/** A copy without the service's own `x-` keywords, which MCP clients' validators do not know. */
function advertised(schema: JsonSchema): JsonSchema {
  const value = (item: unknown): unknown => (Array.isArray(item) ? item.map(value) : isSchemaObject(item) ? advertised(item) : item);
  return Object.fromEntries(Object.entries(schema).filter(([key]) => !key.startsWith('x-')).map(([key, item]) => [key, key === 'enum' || key === 'const' || key === 'default' ? item : value(item)]));
}

function isSchemaObject(item: unknown): item is JsonSchema {
  return typeof item === 'object' && item !== null && !Array.isArray(item);
}

/** The input is the schema's type when the schema's own check found no problem in it. */
export function passed<U>(_input: unknown, problem: string | undefined): _input is U {
  return problem === undefined;
}

/**
 * A tool's input or output schema for the MCP SDK: `schema` is what tools/list advertises, and
 * `problemOf` decides, in the words of a REST 400 ("Missing required field 'brief'."), so a bad
 * call is a tool error a person can act on.
 */
export function toolSchema<T>(schema: JsonSchema, problemOf: (value: unknown) => string | undefined): StandardSchemaWithJSON<T, T> {
  return fromJsonSchema<T>(advertised(schema), {
    getValidator<U>() {
      return (input: unknown): JsonSchemaValidatorResult<U> => {
        const problem = problemOf(input);
        return passed<U>(input, problem) ? { valid: true, data: input, errorMessage: undefined } : { valid: false, data: undefined, errorMessage: String(problem) };
      };
    },
  });
}
