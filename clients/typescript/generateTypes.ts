import openapiTS, { astToString } from 'openapi-typescript';

const header = `/**
 * Types of the crewd HTTP API, generated from its OpenAPI document by openapi-typescript.
 * Do not edit: run \`npm run client:generate\` (a test fails when this file is stale).
 */

`;

/**
 * The TypeScript source of `src/schema.ts` for an OpenAPI document (deterministic: same document,
 * same text). Every named component is also exported as a type of its own name (`Outcome`, ...).
 */
export async function generateTypes(document: unknown): Promise<string> {
  const nodes = await openapiTS(document as never, { alphabetize: true, silent: true, rootTypes: true, rootTypesNoSchemaPrefix: true });
  return header + astToString(nodes);
}
