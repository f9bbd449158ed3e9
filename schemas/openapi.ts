import { component, componentName, errorBody } from './common.js';
import { errorExamples, operationExamples } from './examples.js';
import { exampleFromSchema } from './exampleFromSchema.js';
import type { JsonSchema } from './types.js';

/** What the document needs to know of a route; http/ hands these in, schemas/ imports nothing of it. */
export interface DocumentedRoute {
  method: string;
  path: string;
  summary: string;
  tag: string;
  scope: string | null;
  /** Stable name of the operation (generated clients use it); derived from method and path when absent. */
  operationId?: string;
  params?: Record<string, JsonSchema>;
  query?: JsonSchema;
  body?: JsonSchema;
  /** Status to body schema; a schema with `x-content-type` is served as that media type instead of JSON. */
  responses: Record<number, JsonSchema | null>;
}

const errorDescriptions: Record<number, string> = {
  400: 'Bad request: invalid_request, invalid_json or a resource-specific code; details name the field',
  401: 'Missing, malformed, invalid, expired or revoked API key (`unauthorized`, details.reason)',
  402: 'Out of plan outcomes (`insufficient_credits`)',
  403: 'The key lacks the permission this operation needs (`forbidden`, details.required_permission)',
  404: 'No such resource in this workspace (`not_found`)',
  409: 'Conflict: the resource is not in a state that allows this, or an Idempotency-Key was reused with another body (`idempotency_conflict`)',
  413: 'Body larger than 1 MB (`payload_too_large`)',
  415: 'Body is not application/json (`unsupported_media_type`)',
  426: 'A plain GET on the WebSocket endpoint: connect with Upgrade: websocket (`upgrade_required`)',
  429: 'Rate limited (`rate_limited`); wait for Retry-After seconds',
  500: 'Internal error; the body carries no internals, X-Request-Id identifies the request',
  503: 'Not ready',
};

/** operationIds of the service's routes, by `METHOD path`; a route missing here gets one derived from its path. */
const operationIds: Record<string, string> = {
  'GET /healthz': 'getHealth',
  'GET /readyz': 'getReadiness',
  'GET /v1/openapi.json': 'getOpenApiDocument',
  'GET /metrics': 'getMetrics',
  'GET /v1/crews': 'listCrews',
  'POST /v1/crews/:crew_id/deploy': 'deployCrew',
  'POST /v1/crews/:crew_id/run': 'runCrew',
  'POST /v1/crews/batch-deploy': 'batchDeployCrews',
  'GET /v1/outcomes': 'listOutcomes',
  'GET /v1/outcomes/:outcome_id': 'getOutcome',
  'GET /v1/outcomes/:outcome_id/result': 'getOutcomeResult',
  'GET /v1/outcomes/:outcome_id/revisions': 'listOutcomeRevisions',
  'GET /v1/outcomes/:outcome_id/stream': 'streamOutcome',
  'GET /v1/workflows/:workflow_id': 'getWorkflow',
  'POST /v1/outcomes/:outcome_id/revise': 'reviseOutcome',
  'POST /v1/outcomes/:outcome_id/cancel': 'cancelOutcome',
  'POST /v1/outcomes/:outcome_id/retry': 'retryOutcome',
  'GET /v1/webhooks': 'listWebhooks',
  'POST /v1/webhooks': 'createWebhook',
  'GET /v1/webhooks/:webhook_id': 'getWebhook',
  'PATCH /v1/webhooks/:webhook_id': 'updateWebhook',
  'DELETE /v1/webhooks/:webhook_id': 'deleteWebhook',
  'GET /v1/webhooks/:webhook_id/deliveries': 'listWebhookDeliveries',
  'POST /v1/webhooks/:webhook_id/deliveries/:delivery_id/redeliver': 'redeliverWebhookDelivery',
  'POST /v1/webhooks/:webhook_id/test': 'testWebhook',
  'GET /v1/api-keys': 'listApiKeys',
  'POST /v1/api-keys': 'createApiKey',
  'PATCH /v1/api-keys/:key_id': 'updateApiKey',
  'DELETE /v1/api-keys/:key_id': 'revokeApiKey',
  'GET /v1/auth/verify': 'verifyApiKey',
  'GET /v1/admin/actors': 'listLiveActors',
  'GET /v1/admin/events': 'listAdminEvents',
  'GET /v1/admin/overview': 'getAdminOverview',
  'GET /admin': 'getOperatorPage',
};

const tagDescriptions: Record<string, string> = {
  system: 'Health and readiness probes, this document and the Prometheus metrics',
  crews: 'The crews and deploying them on a brief (one outcome per deploy, or a batch workflow)',
  outcomes: 'Following outcomes: status, progress, results, revisions, cancel and retry, and the live WebSocket stream',
  workflows: 'Batch deployments and the outcomes they group',
  webhooks: 'Signed event deliveries to your HTTPS endpoints, their attempts and test deliveries',
  'api-keys': 'API keys of the workspace and their permission scopes',
  auth: 'Checking the key a request carries',
  admin: 'Operator views: live actors, the event feed and the operator page',
  integrations: 'Tool and chat integrations of the workspace',
  mcp: 'Model Context Protocol tool connections',
  chat: 'Chat integration: channels, posting and syncing',
  approvals: 'A human in the loop: pending actions of outcomes, decisions, signed approval links and the workspace policy',
  a2a: 'Crews as A2A agents: their agent cards (the JSON-RPC endpoints POST /a2a and /a2a/{crew} are described in docs/a2a.md)',
};

/** `/v1/x/:id` -> `/v1/x/{id}` */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** `POST /v1/webhooks/:webhook_id/test` -> `postWebhooksWebhookIdTest` (for routes without an entry). */
function derivedOperationId(method: string, path: string): string {
  const words = path
    .replace(/^\/v1\//, '/')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return method.toLowerCase() + words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
}

/**
 * The document's copy of `schema`:
 * - a schema named with `component()` (schemas/common.ts) becomes a `$ref` to
 *   `#/components/schemas/<name>`, its body registered in `components` once;
 * - an object that lists no properties and says nothing of extra ones is explicitly open
 *   (`additionalProperties: true`): generated clients then type it as a map of unknown values
 *   instead of an empty object (requirements, integrations, error.details, ...).
 */
function openObjects(schema: unknown, components: Record<string, JsonSchema>, asComponent = false): unknown {
  if (Array.isArray(schema)) return schema.map((item) => openObjects(item, components));
  if (!schema || typeof schema !== 'object') return schema;
  const name = componentName(schema);
  if (name && !asComponent) {
    if (!(name in components)) {
      components[name] = {}; // placeholder first: a schema that contains itself stops here
      components[name] = openObjects(schema, components, true) as JsonSchema;
    }
    return { $ref: `#/components/schemas/${name}` };
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    // `properties` maps names to schemas; `enum`/`const`/examples hold values, not schemas.
    if (key === 'enum' || key === 'const' || key === 'example' || key === 'examples' || key === 'default') out[key] = value;
    else if (key === 'properties' && value && typeof value === 'object') out[key] = Object.fromEntries(Object.entries(value).map(([prop, sub]) => [prop, openObjects(sub, components)]));
    else out[key] = openObjects(value, components);
  }
  const types = Array.isArray(out.type) ? out.type : [out.type];
  if (types.includes('object') && !out.properties && !('additionalProperties' in out) && !out.patternProperties) out.additionalProperties = true;
  return out;
}

/** Which error answers a route can give, from how the middleware chain treats it. */
function errorStatuses(route: DocumentedRoute): number[] {
  const hasInput = Boolean(route.body || route.query || (route.params && Object.keys(route.params).length));
  const sendsBody = ['post', 'patch', 'put'].includes(route.method);
  const probe = route.path === '/healthz' || route.path === '/readyz';
  return [
    ...(hasInput || sendsBody ? [400] : []),
    ...(route.scope ? [401] : []),
    ...(route.scope && route.scope !== 'any' ? [403] : []),
    ...(route.params && Object.keys(route.params).length ? [404] : []),
    // Any authenticated POST may reuse an Idempotency-Key with another body.
    ...(route.method === 'post' && route.scope ? [409] : []),
    ...(sendsBody ? [413, 415] : []),
    ...(route.responses[101] !== undefined ? [426] : []),
    ...(probe ? [] : [429]),
    500,
  ];
}

const errorRef = { $ref: '#/components/schemas/Error' };
/** The rate-limit headers every authenticated answer carries, as components the answers refer to. */
const rateLimitHeaderComponents = {
  'X-RateLimit-Limit': { description: 'Requests allowed per minute for this key (or address)', schema: { type: 'integer' } },
  'X-RateLimit-Remaining': { description: 'Requests left in the current window', schema: { type: 'integer' } },
  'X-RateLimit-Reset': { description: 'Unix time (seconds) when the window resets', schema: { type: 'integer' } },
  'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer' } },
};
const headerRef = (name: keyof typeof rateLimitHeaderComponents) => ({ $ref: `#/components/headers/${name}` });
const rateLimitHeaders = { 'X-RateLimit-Limit': headerRef('X-RateLimit-Limit'), 'X-RateLimit-Remaining': headerRef('X-RateLimit-Remaining'), 'X-RateLimit-Reset': headerRef('X-RateLimit-Reset') };

/** Names of the shared error answers (`#/components/responses/<name>`), by status. */
const errorResponseNames: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  402: 'InsufficientCredits',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  413: 'PayloadTooLarge',
  415: 'UnsupportedMediaType',
  426: 'UpgradeRequired',
  429: 'RateLimited',
  500: 'InternalError',
  503: 'Unavailable',
};

/** The error answer of `status` in the spec's shape, with its example; one component per status. */
function errorResponse(status: number, shared: Record<string, unknown>): { $ref: string } {
  const name = errorResponseNames[status] ?? `Error${status}`;
  shared[name] ??= {
    description: errorDescriptions[status] ?? 'Error',
    ...(status === 429 ? { headers: { 'Retry-After': headerRef('Retry-After'), ...rateLimitHeaders } } : {}),
    content: { 'application/json': { schema: errorRef, ...(errorExamples[status] !== undefined ? { example: errorExamples[status] } : {}) } },
  };
  return { $ref: `#/components/responses/${name}` };
}

/** Builds the OpenAPI 3.1 document from the route list and the JSON Schemas in schemas/. */
export function buildOpenApi(routes: DocumentedRoute[], info: { version: string; serverUrl?: string }): JsonSchema {
  const components: Record<string, JsonSchema> = {};
  const sharedResponses: Record<string, unknown> = {};
  openObjects(component('Error', errorBody), components);
  const paths: Record<string, Record<string, unknown>> = {};
  const tags = new Set<string>();
  for (const route of routes) {
    const path = openApiPath(route.path);
    const key = `${route.method.toUpperCase()} ${route.path}`;
    const operationId = route.operationId ?? operationIds[key] ?? derivedOperationId(route.method, route.path);
    const examples = operationExamples[operationId] ?? {};
    tags.add(route.tag);

    const parameters: unknown[] = [];
    for (const [name, schema] of Object.entries(route.params ?? {})) parameters.push({ name, in: 'path', required: true, schema: openObjects(schema, components) });
    const query = route.query as { properties?: Record<string, JsonSchema>; required?: string[] } | undefined;
    for (const [name, schema] of Object.entries(query?.properties ?? {})) {
      parameters.push({ name, in: 'query', required: query?.required?.includes(name) ?? false, schema: openObjects(schema, components) });
    }

    const responses: Record<string, unknown> = {};
    for (const [status, raw] of Object.entries(route.responses)) {
      const code = Number(status);
      if (!raw) {
        responses[status] = { description: code === 101 ? 'Switching protocols: the WebSocket is open' : 'No body' };
        continue;
      }
      if ((raw as { $ref?: string }).$ref === errorRef.$ref) {
        responses[status] = errorResponse(code, sharedResponses);
        continue;
      }
      const { 'x-content-type': mediaType, ...schema } = openObjects(raw, components) as JsonSchema;
      const example = examples.responses?.[code] ?? exampleFromSchema(schema, components);
      responses[status] = {
        description: code >= 400 ? (errorDescriptions[code] ?? 'Error') : code === 201 ? 'Created' : 'Success',
        ...(route.scope ? { headers: rateLimitHeaders } : {}),
        content: { [typeof mediaType === 'string' ? mediaType : 'application/json']: { schema, ...(example !== undefined ? { example } : {}) } },
      };
    }
    for (const status of errorStatuses(route)) responses[String(status)] ??= errorResponse(status, sharedResponses);

    const body = route.body ? (openObjects(route.body, components) as JsonSchema) : undefined;
    paths[path] ??= {};
    paths[path][route.method] = {
      operationId,
      summary: route.summary,
      tags: [route.tag],
      ...(route.scope ? { security: [{ bearer: [] }], 'x-required-scope': route.scope } : { security: [] }),
      ...(route.scope && route.scope !== 'any' ? { description: `Needs an API key with the \`${route.scope}\` permission.` } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(body ? { requestBody: { required: true, content: { 'application/json': { schema: body, example: examples.request ?? exampleFromSchema(body, components) } } } } : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'crewd',
      version: info.version,
      description:
        'Crew orchestration service: deploy AI crews on a brief and follow the outcomes by polling, a WebSocket stream or signed webhooks. ' +
        'Errors have the shape {error: {code, message, details}}. A known path called with a method it does not have answers 405 with an Allow header.',
      license: { name: 'UNLICENSED (proprietary)', identifier: 'LicenseRef-UNLICENSED' },
    },
    servers: [{ url: info.serverUrl ?? 'http://127.0.0.1:8080', description: info.serverUrl ? 'This service' : 'A local service on the default port (set PORT and HOST to change it)' }],
    tags: [...tags].sort().map((name) => ({ name, description: tagDescriptions[name] ?? `Operations on ${name}` })),
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <API_KEY>' } },
      schemas: components,
      responses: sharedResponses,
      headers: rateLimitHeaderComponents,
    },
    paths,
  };
}
