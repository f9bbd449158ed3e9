import test from 'ava';
import { openApiChecker } from '../helpers/openapi.js';
import { startServer } from '../helpers/server.js';

test('GET /v1/crews lists the three crews of the spec', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const check = openApiChecker((await server.call('GET', '/v1/openapi.json')).body);
  const res = await server.call('GET', '/v1/crews');
  t.is(res.status, 200);
  check(t, 'GET', '/v1/crews', 200, res.body);
  const byId = Object.fromEntries(res.body.crews.map((c: { id: string }) => [c.id, c]));
  t.deepEqual(Object.keys(byId), ['writer', 'mind', 'pilot']);
  t.deepEqual(byId.writer.agents, ['ResearchAgent', 'ContentAgent', 'EditorAgent', 'SEOAgent', 'PublisherAgent']);
  t.deepEqual(byId.mind.agents, ['AnalystAgent', 'CoordinatorAgent', 'SummarizerAgent', 'ActionAgent', 'IntegrationAgent']);
  t.deepEqual(byId.pilot.agents, ['ProductAgent', 'TechnicalAgent', 'PlanningAgent', 'TicketAgent', 'ReleaseAgent']);
  t.deepEqual(byId.writer.capabilities, ['blog_posts', 'social_media', 'documentation', 'marketing_content']);
  t.deepEqual(byId.mind.capabilities, ['meeting_analysis', 'task_coordination', 'performance_analytics', 'process_optimization']);
  t.deepEqual(byId.pilot.capabilities, ['prd_generation', 'roadmap_planning', 'ticket_creation', 'release_management']);
  // Issue 21 item 3: a new workspace can use only the integrations that work unconfigured.
  t.deepEqual(byId.writer.integrations, ['drive', 'notes']);
  t.deepEqual(byId.mind.integrations, []);
  t.deepEqual(byId.pilot.integrations, ['wiki']);
  for (const crew of res.body.crews) {
    t.is(crew.status, 'available');
    t.true(crew.name.length > 0 && crew.description.length > 0);
  }
});

test('an operator can mark a crew unavailable and the listing shows it', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  await server.runtime.crews.setStatus('mind', 'maintenance', '2030-01-01T00:00:00.000Z');
  const res = await server.call('GET', '/v1/crews');
  const mind = res.body.crews.find((c: { id: string }) => c.id === 'mind');
  t.is(mind.status, 'maintenance');
  await server.runtime.crews.setStatus('mind', 'available', null);
  const again = await server.call('GET', '/v1/crews');
  t.is(again.body.crews.find((c: { id: string }) => c.id === 'mind').status, 'available');
});
