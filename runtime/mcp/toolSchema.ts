import { fromJsonSchema, type StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import type { JsonSchema } from '../../schemas/types.js';

/** A copy without the service's own `x-` keywords, which MCP clients' validators do not know. */
function advertised(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(advertised);
  if (!schema || typeof schema !== 'object') return schema;
  return Object.fromEntries(Object.entries(schema).filter(([key]) => !key.startsWith('x-')).map(([key, value]) => [key, key === 'enum' || key === 'const' || key === 'default' ? value : advertised(value)]));
}

/**
 * A tool's input or output schema for the MCP SDK: `schema` is what tools/list advertises, and
 * `problemOf` decides, in the words of a REST 400 ("Missing required field 'brief'."), so a bad
 * call is a tool error a person can act on.
 */
export function toolSchema<T>(schema: JsonSchema, problemOf: (value: unknown) => string | undefined): StandardSchemaWithJSON<T, T> {
  return fromJsonSchema<T>(advertised(schema) as never, {
    getValidator: () => (input: unknown) => {
      const problem = problemOf(input);
      return problem === undefined ? { valid: true, data: input as never, errorMessage: undefined } : { valid: false, data: undefined, errorMessage: problem };
    },
  });
}
