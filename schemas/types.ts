/** A JSON Schema (draft 2020-12 subset as used by ajv and OpenAPI 3.1). */
export type JsonSchema = { [keyword: string]: unknown };
