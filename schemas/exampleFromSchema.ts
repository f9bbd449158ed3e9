import type { JsonSchema } from './types.js';

/** Id prefixes the service gives out; a string that must match `^prefix...` is built from them. */
const idSamples = ['out_7Hq2ZpK4mW', 'wh_3kT9vQx2', 'del_5Rb8nLq1', 'key_9Ws4hJ2c', 'wf_2Mx7pQe4', 'rev_6Tn3kW8a', 'mcp_4Hd8sL2q', 'crew_sk_example0000000000000000', 'writer'];
const fallbackStrings = ['example', 'A clear brief of at least ten characters.', 'https://example.org/hooks/crewd'];

function stringExample(schema: JsonSchema, name: string | undefined): string {
  const format = schema.format as string | undefined;
  if (format === 'date-time') return '2026-05-04T09:30:00.000Z';
  if (format === 'date') return '2026-05-04';
  if (format === 'uri' || format === 'url' || name === 'url') return 'https://example.org/hooks/crewd';
  if (format === 'email') return 'ops@example.org';
  const min = (schema.minLength as number | undefined) ?? 0;
  const max = (schema.maxLength as number | undefined) ?? Infinity;
  const pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern, 'u') : undefined;
  const named = name ? [`${name.replace(/_id$/, '')} example`] : [];
  const candidates = [...(name?.endsWith('id') ? idSamples : []), ...named, ...fallbackStrings, ...idSamples];
  for (const candidate of candidates) {
    const sized = candidate.length < min ? candidate.padEnd(min, 'x') : candidate;
    if (sized.length <= max && (!pattern || pattern.test(sized))) return sized;
  }
  return 'x'.repeat(Math.max(1, min));
}

/**
 * A value that satisfies `schema`, for the document's examples of bodies no one wrote an example
 * for: `examples`/`example`/`const`/`default`/`enum` first, else built from the type. `$ref`s
 * into `#/components/schemas` are resolved against `components`.
 */
export function exampleFromSchema(schema: JsonSchema | undefined, components: Record<string, JsonSchema> = {}, name?: string, depth = 0): unknown {
  if (!schema || depth > 12) return null;
  if (typeof schema.$ref === 'string') return exampleFromSchema(components[schema.$ref.replace('#/components/schemas/', '')], components, name, depth + 1);
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if ('example' in schema) return schema.example;
  if ('const' in schema) return schema.const;
  if ('default' in schema) return schema.default;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (Array.isArray(schema.allOf)) {
    return Object.assign({}, ...schema.allOf.map((part) => exampleFromSchema(part as JsonSchema, components, name, depth + 1)));
  }
  for (const key of ['oneOf', 'anyOf'] as const) {
    const options = schema[key] as JsonSchema[] | undefined;
    if (options?.length) return exampleFromSchema(options.find((o) => o.type !== 'null') ?? options[0], components, name, depth + 1);
  }
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : schema.type ? [schema.type as string] : schema.properties ? ['object'] : [];
  const type = types.find((t) => t !== 'null') ?? types[0];
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) out[key] = exampleFromSchema(value, components, key, depth + 1);
      if (!schema.properties && typeof schema.additionalProperties === 'object') out.key = exampleFromSchema(schema.additionalProperties as JsonSchema, components, 'key', depth + 1);
      return out;
    }
    case 'array': {
      const item = exampleFromSchema(schema.items as JsonSchema | undefined, components, name, depth + 1);
      const count = Math.max(1, (schema.minItems as number | undefined) ?? 1);
      // Unique items: distinct values from an enum when there is one.
      const choices = ((schema.items as JsonSchema | undefined)?.enum as unknown[] | undefined) ?? [];
      return Array.from({ length: count }, (_, i) => (choices.length > i ? choices[i] : item));
    }
    case 'string':
      return stringExample(schema, name);
    case 'integer':
      return Math.max((schema.minimum as number | undefined) ?? 1, Math.min(1, (schema.maximum as number | undefined) ?? 1));
    case 'number':
      return Math.max((schema.minimum as number | undefined) ?? 0, Math.min(0.85, (schema.maximum as number | undefined) ?? 0.85));
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return {};
  }
}
