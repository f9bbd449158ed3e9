import test from 'ava';
import { startServer } from '../helpers/server.js';

test('GET /v1/crews names only the integrations the workspace can use, and a configured one appears', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const before = await server.call('GET', '/v1/crews');
  t.is(before.status, 200);
  const integrationsOf = (body: { crews: Array<{ id: string; integrations: string[] }> }, id: string) => body.crews.find((crew) => crew.id === id)!.integrations;
  // Only the local-folder kinds work unconfigured; the vendor kinds are not advertised.
  t.deepEqual(integrationsOf(before.body, 'writer'), ['drive', 'notes']);
  t.deepEqual(integrationsOf(before.body, 'mind'), []);
  t.deepEqual(integrationsOf(before.body, 'pilot'), ['wiki']);
  const configured = await server.call('POST', '/v1/integrations/tracker/configure', { body: { settings: { base_url: 'https://acme.atlassian.net', project_key: 'ENG', email: 'ops@example.com', api_token: 'tok' } } });
  t.is(configured.status, 200, JSON.stringify(configured.body));
  const after = await server.call('GET', '/v1/crews');
  t.deepEqual(integrationsOf(after.body, 'mind'), ['tracker']);
  t.deepEqual(integrationsOf(after.body, 'pilot'), ['tracker', 'wiki']);
});

test('GET /v1/integrations lists all eleven kinds with their settings schema, secrets marked', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const answer = await server.call('GET', '/v1/integrations');
  t.is(answer.status, 200);
  t.deepEqual(answer.body.integrations.map((i: { id: string }) => i.id), ['network', 'cms', 'drive', 'notes', 'chat', 'work', 'tracker', 'analytics', 'code', 'planner', 'wiki']);
  const cms = answer.body.integrations.find((i: { id: string }) => i.id === 'cms');
  t.like(cms, { kind: 'content management system', crews: ['writer'], flags: ['publish_to_cms'], configured: false, connection_status: 'disconnected', auth: { token: true, oauth: false } });
  t.like(cms.settings_schema.properties.application_password, { writeOnly: true, 'x-secret': true });
  t.is(cms.settings_schema.properties.username['x-secret'], undefined);
});
