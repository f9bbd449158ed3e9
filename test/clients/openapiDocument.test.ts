import fs from 'node:fs';
import test from 'ava';
import { serviceDocument } from '../../clients/typescript/documentOf.js';
import { startServer } from '../helpers/server.js';

type Doc = { components: { schemas: Record<string, unknown> }; paths: Record<string, Record<string, any>> };

const resources = [
  'Outcome',
  'OutcomeResult',
  'Revision',
  'Webhook',
  'WebhookDelivery',
  'ApiKey',
  'Crew',
  'Integration',
  'ToolConnection',
  'ToolAnalyticsEntry',
  'ChatConfiguration',
  'Error',
  'OutcomeList',
  'RevisionList',
  'WebhookList',
  'WebhookDeliveryList',
  'ApiKeyList',
  'CrewList',
  'IntegrationList',
  'ToolConnectionList',
];

const jsonOf = (doc: Doc, path: string, method: string, status: number) => doc.paths[path]![method].responses[String(status)].content['application/json'].schema;

test('the document built from the route declarations alone is the one the running service serves', async (t) => {
  const built = serviceDocument();
  const server = await startServer();
  t.teardown(() => server.close());
  const served = (await server.call('GET', '/v1/openapi.json', { key: null })).body;
  t.deepEqual(built, served);
});

test('docs/openapi.json is the current document (run npm run docs:openapi when this fails)', (t) => {
  const written = JSON.parse(fs.readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8'));
  t.deepEqual(written, serviceDocument(), 'docs/openapi.json is stale: run npm run docs:openapi');
});

test('every resource is a named component, and operations refer to it by $ref', (t) => {
  const doc = serviceDocument() as unknown as Doc;
  for (const name of resources) t.truthy(doc.components.schemas[name], `components.schemas.${name}`);
  t.deepEqual(jsonOf(doc, '/v1/outcomes/{outcome_id}', 'get', 200), { $ref: '#/components/schemas/Outcome' });
  t.deepEqual(jsonOf(doc, '/v1/outcomes', 'get', 200), { $ref: '#/components/schemas/OutcomeList' });
  t.deepEqual(jsonOf(doc, '/v1/outcomes/{outcome_id}/result', 'get', 200), { $ref: '#/components/schemas/OutcomeResult' });
  t.deepEqual(jsonOf(doc, '/v1/webhooks/{webhook_id}', 'get', 200), { $ref: '#/components/schemas/Webhook' });
  t.deepEqual(jsonOf(doc, '/v1/api-keys', 'get', 200), { $ref: '#/components/schemas/ApiKeyList' });
  t.deepEqual(jsonOf(doc, '/api/mcp/connections', 'get', 200), { $ref: '#/components/schemas/ToolConnectionList' });
  // A list envelope refers to the item's component instead of repeating it.
  t.deepEqual((doc.components.schemas.OutcomeList as any).properties.data.items, { $ref: '#/components/schemas/Outcome' });
  t.deepEqual((doc.components.schemas.ToolAnalytics as any).properties.analytics.items, { $ref: '#/components/schemas/ToolAnalyticsEntry' });
  // The error answers are shared too: one component per status, in the service's error shape.
  const notFound = doc.paths['/v1/outcomes/{outcome_id}']!.get.responses['404'];
  t.deepEqual(notFound, { $ref: '#/components/responses/NotFound' });
  t.deepEqual((doc.components as any).responses.NotFound.content['application/json'].schema, { $ref: '#/components/schemas/Error' });
  t.truthy((doc.components as any).responses.RateLimited.headers['Retry-After']);
  // No component body is repeated inline in the operations' schemas (examples aside).
  const text = JSON.stringify(doc.paths, (key, value) => (key === 'example' ? undefined : value));
  t.false(text.includes('"revisions_available"'), 'the Outcome schema appears inline in paths');
});
