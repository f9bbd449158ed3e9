import type { JsonSchema } from '../contract.js';

/** The optional `base_url` every vendor plugin takes (self-hosted products, tests). */
export const baseUrlProperty: JsonSchema = { type: 'string', format: 'uri', pattern: '^https?://', maxLength: 500, description: "Vendor API base URL; defaults to the vendor's public API. Passes the SSRF guard." };

/** A secret setting: accepted by configure, encrypted at rest, never returned. */
export function secretProperty(description: string): JsonSchema {
  return { type: 'string', minLength: 1, maxLength: 4096, writeOnly: true, description: `${description} (secret: stored encrypted, never returned).` };
}
