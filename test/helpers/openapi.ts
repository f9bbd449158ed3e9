import { Ajv } from 'ajv';
import * as addFormatsModule from 'ajv-formats';
import type { ExecutionContext } from 'ava';

const addFormats = addFormatsModule.default as unknown as (ajv: Ajv) => Ajv;

type Answer = { $ref?: string; content?: { 'application/json': { schema: unknown } } };
type Doc = { paths: Record<string, Record<string, { responses: Record<string, Answer> }>>; components: { schemas: Record<string, unknown>; responses?: Record<string, Answer> } };

/**
 * Checks a response body against the service's own OpenAPI document, fetched from the server, so
 * the document cannot drift from what the code sends.
 */
export function openApiChecker(document: unknown) {
  const doc = document as Doc;
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: 'doc', components: doc.components }, 'doc');

  function resolve(schema: unknown): unknown {
    return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/'));
  }

  return function check(t: ExecutionContext, method: string, path: string, status: number, body: unknown): void {
    const operation = doc.paths[path]?.[method.toLowerCase()];
    if (!operation) {
      t.fail(`OpenAPI document has no ${method} ${path}`);
      return;
    }
    const declared = operation.responses[String(status)];
    // Shared answers (the error answers) are components the operation refers to.
    const response = declared?.$ref ? doc.components.responses?.[declared.$ref.replace('#/components/responses/', '')] : declared;
    if (!response) {
      t.fail(`OpenAPI document has no ${status} response for ${method} ${path}`);
      return;
    }
    const schema = response.content?.['application/json']?.schema;
    if (!schema) return;
    const validate = ajv.compile(resolve(schema) as object);
    const ok = validate(body);
    t.true(ok, `${method} ${path} ${status} body does not match the OpenAPI document: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body)}`);
  };
}
