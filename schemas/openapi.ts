import { errorBody } from './common.js';
import type { JsonSchema } from './types.js';

/** What the document needs to know of a route; http/ hands these in, schemas/ imports nothing of it. */
export interface DocumentedRoute {
  method: string;
  path: string;
  summary: string;
  tag: string;
  scope: string | null;
  params?: Record<string, JsonSchema>;
  query?: JsonSchema;
  body?: JsonSchema;
  responses: Record<number, JsonSchema | null>;
}

const errorStatuses: Record<number, string> = {
  400: 'Bad request: invalid_request, invalid_json or a resource-specific code',
  401: 'Missing, invalid, expired or revoked API key',
  403: 'The key lacks the required permission',
  404: 'Not found',
  413: 'Body larger than 1 MB',
  415: 'Body is not application/json',
  429: 'Rate limited; see Retry-After',
  500: 'Internal error (no internals in the body)',
};

/** `/v1/x/:id` -> `/v1/x/{id}` */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** Builds the OpenAPI 3.1 document from the route list and the JSON Schemas in schemas/. */
export function buildOpenApi(routes: DocumentedRoute[], info: { version: string; serverUrl?: string }): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = openApiPath(route.path);
    const parameters: unknown[] = [];
    for (const [name, schema] of Object.entries(route.params ?? {})) parameters.push({ name, in: 'path', required: true, schema });
    const query = route.query as { properties?: Record<string, JsonSchema>; required?: string[] } | undefined;
    for (const [name, schema] of Object.entries(query?.properties ?? {})) {
      parameters.push({ name, in: 'query', required: query?.required?.includes(name) ?? false, schema });
    }
    const responses: Record<string, unknown> = {};
    for (const [status, schema] of Object.entries(route.responses)) {
      responses[status] = schema
        ? { description: 'Success', content: { 'application/json': { schema } } }
        : { description: Number(status) === 101 ? 'Switching protocols' : 'No body' };
    }
    for (const [status, description] of Object.entries(errorStatuses)) {
      if (!route.scope && (status === '401' || status === '403')) continue;
      responses[status] ??= { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
    }
    paths[path] ??= {};
    paths[path][route.method] = {
      summary: route.summary,
      tags: [route.tag],
      ...(route.scope ? { security: [{ bearer: [] }], 'x-required-scope': route.scope } : { security: [] }),
      ...(parameters.length ? { parameters } : {}),
      ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: route.body } } } } : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'crewd', version: info.version, description: 'Crew orchestration service' },
    ...(info.serverUrl ? { servers: [{ url: info.serverUrl }] } : {}),
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <API_KEY>' } },
      schemas: { Error: errorBody },
    },
    paths,
  };
}
