/**
 * The TypeScript type of the values a JSON Schema accepts, derived at compile time, so a request
 * type is never written twice (issue 28): `type DeployRequest = FromSchema<typeof deployBody>`.
 * Types only; ajv (http/validation.ts) stays the one validator.
 *
 * It reads the keywords our schemas use: `const`, `enum`, `anyOf`/`oneOf`, `allOf`, `type` (one or
 * a list), `properties` + `required` + `additionalProperties`, `items`. Keywords that only narrow a
 * value (lengths, patterns, formats, bounds, `x-maxJsonBytes`) do not change its type. A schema
 * whose literal type was widened to `JsonSchema` gives `unknown`: declare request schemas and
 * their parts without a `JsonSchema` annotation (`as const satisfies JsonSchema`, or through
 * `strictObject`, which keeps its arguments' literal types).
 */
export type FromSchema<S> = S extends { const: infer C }
  ? C
  : S extends { enum: readonly (infer E)[] }
    ? E
    : S extends { anyOf: readonly unknown[] }
      ? FromEach<S['anyOf']>
      : S extends { oneOf: readonly unknown[] }
        ? FromEach<S['oneOf']>
        : S extends { allOf: readonly unknown[] }
          ? Flat<FromAll<S['allOf']>>
          : S extends { type: readonly (infer T)[] }
            ? FromType<T, S>
            : S extends { type: infer T }
              ? FromType<T, S>
              : unknown;

/** One of the listed schemas. */
type FromEach<L extends readonly unknown[]> = { [I in keyof L]: FromSchema<L[I]> }[number];

/** Every listed schema at once. */
type FromAll<L extends readonly unknown[]> = L extends readonly [infer First, ...infer Rest] ? FromSchema<First> & FromAll<Rest> : unknown;

/** Distributes over a `type` list (`['string', 'null']` is `string | null`). */
type FromType<T, S> = T extends 'string'
  ? string
  : T extends 'integer' | 'number'
    ? number
    : T extends 'boolean'
      ? boolean
      : T extends 'null'
        ? null
        : T extends 'array'
          ? FromArray<S>
          : T extends 'object'
            ? FromObject<S>
            : never;

type FromArray<S> = S extends { items: infer I } ? FromSchema<I>[] : unknown[];

type RequiredKeys<S> = S extends { required: readonly (infer K)[] } ? K : never;

/** Declared properties (optional unless `required`), plus what `additionalProperties` lets in. */
type FromObject<S> = S extends { properties: infer P }
  ? Flat<{ -readonly [K in keyof P & RequiredKeys<S>]: FromSchema<P[K]> } & { -readonly [K in Exclude<keyof P, RequiredKeys<S>>]?: FromSchema<P[K]> } & Extra<S>>
  : Extra<S>;

type Extra<S> = S extends { additionalProperties: false }
  ? {}
  : S extends { additionalProperties: infer A extends object }
    ? Record<string, FromSchema<A>>
    : Record<string, unknown>;

/** Shows an intersection as one object type (in editors and error messages). */
type Flat<T> = T extends object ? { [K in keyof T]: T[K] } : T;
