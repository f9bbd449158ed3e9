import test from 'ava';
import { startServer, type TestServer } from '../helpers/server.js';
import { eventsOf, schemaCheck, waitForOutcome, workspaceWithKey } from './outcomesHelpers.js';

let server: TestServer;
let check: Awaited<ReturnType<typeof schemaCheck>>;

test.before(async () => {
  server = await startServer();
  check = await schemaCheck(server);
});
test.after.always(async () => {
  await server?.close();
});

test('the writer crew completes a post that follows its brief, tone and keywords', async (t) => {
  const deployed = await server.call('POST', '/v1/crews/writer/deploy', {
    body: {
      brief: 'Write a blog post about sourdough baking at home for beginners',
      context:
        'A sourdough starter is flour and water that wild yeast has colonised; ours has been fed twice a day since 2019. Beginners often kill their starter by keeping it too cold: it is happiest at 24 to 26 degrees. A loaf needs about 18 hours from mixing to baking, most of it waiting. We tried baking at 250 degrees in a Dutch oven and the crust came out far darker and crisper. Salt is 2% of the flour weight, and beginners often forget it.',
      requirements: { tone: 'casual', length: '600 words', target_keywords: ['sourdough starter'], include_examples: true },
    },
  });
  t.is(deployed.status, 201);
  check(t, 'POST', '/v1/crews/{crew_id}/deploy', deployed);
  t.regex(deployed.body.outcome_id, /^out_/);
  t.deepEqual(deployed.body.agents_deployed, ['ResearchAgent', 'ContentAgent', 'EditorAgent', 'SEOAgent', 'PublisherAgent']);

  const processing = await server.call('GET', `/v1/outcomes/${deployed.body.outcome_id}`);
  check(t, 'GET', '/v1/outcomes/{outcome_id}', processing);

  const done = await waitForOutcome(server, deployed.body.outcome_id);
  t.is(done.status, 'completed');
  check(t, 'GET', '/v1/outcomes/{outcome_id}', { status: 200, body: done });
  t.deepEqual(Object.keys(done).sort(), ['completed_at', 'created_at', 'crew', 'id', 'result', 'revisions_available', 'status']);
  t.regex(done.result.content.toLowerCase(), /sourdough/);
  t.regex(done.result.content.toLowerCase(), /sourdough starter/);
  t.is(done.revisions_available, 3);

  const result = await server.call('GET', `/v1/outcomes/${deployed.body.outcome_id}/result`);
  t.is(result.status, 200);
  check(t, 'GET', '/v1/outcomes/{outcome_id}/result', result);
  t.true(result.body.result.metadata.word_count > 60);
  t.deepEqual(result.body.result.metadata.unmet_requirements.map((entry: { requirement: string }) => entry.requirement), ['length'], 'the sources cannot fill 600 words, and the result says so');
  t.true(result.body.quality_metrics.overall_score > 0);
  t.deepEqual(result.body.integrations_executed, {});

  const kinds = (await eventsOf(server, deployed.body.outcome_id)).map((e) => e.kind);
  t.deepEqual(kinds.slice(0, 3), ['outcome.created', 'crew.deployed', 'outcome.processing']);
  t.is(kinds.filter((k) => k === 'crew.agent_started').length, 6);
  t.is(kinds.filter((k) => k === 'crew.agent_completed').length, 6);
  t.is(kinds.at(-1), 'outcome.completed');
});

test('the mind crew extracts decisions and action items from its context', async (t) => {
  const deployed = await server.call('POST', '/v1/crews/mind/deploy', {
    body: {
      brief: 'Analyse the weekly operations meeting and list the action items',
      context: 'Weekly ops meeting. Decision: we will move the launch to March 3. Priya will update the pricing page by Friday. Marco will draft the customer email by next Tuesday. Action item: Lena to review the onboarding checklist by June 10.',
      requirements: { include_action_items: true },
    },
  });
  t.is(deployed.status, 201);
  const done = await waitForOutcome(server, deployed.body.outcome_id);
  t.is(done.status, 'completed');
  const content: string = done.result.content;
  t.regex(content, /Priya/);
  t.regex(content, /Marco/);
  t.regex(content, /pricing page/i);
});

test('the pilot crew writes a PRD with user stories through the run path', async (t) => {
  const run = await server.call('POST', '/v1/crews/pilot/run', {
    body: { brief: 'Plan a feature that lets customers export their invoices as CSV files', requirements: { include_user_stories: true, include_technical_specs: true } },
  });
  t.is(run.status, 201);
  check(t, 'POST', '/v1/crews/{crew_id}/run', run);
  t.deepEqual(Object.keys(run.body).sort(), ['crew_deployed', 'estimated_completion', 'outcome_id', 'status']);
  t.is(run.body.crew_deployed, 'pilot');
  const done = await waitForOutcome(server, run.body.outcome_id);
  t.is(done.status, 'completed');
  t.regex(done.result.content, /As an? [^.]+ I want/i);
  t.regex(done.result.content.toLowerCase(), /invoice/);
});

test('a brief under 10 characters is 400 invalid_brief with its details', async (t) => {
  const response = await server.call('POST', '/v1/crews/writer/deploy', { body: { brief: 'too short' } });
  t.is(response.status, 400);
  t.is(response.body.error.code, 'invalid_brief');
  t.deepEqual(response.body.error.details, { field: 'brief', min_length: 10, provided_length: 9 });
  const unknown = await server.call('POST', '/v1/crews/writer/deploy', { body: { brief: 'A long enough brief', colour: 'blue' } });
  t.is(unknown.status, 400);
  t.is(unknown.body.error.details.field, 'colour');
});

// Serial (ava runs serial tests first): a crew's status is service-wide, and the other tests here
// deploy every crew concurrently.
test.serial('an unknown crew is 404 and an unavailable one is 409 crew_unavailable', async (t) => {
  t.is((await server.call('POST', '/v1/crews/painter/deploy', { body: { brief: 'Paint me a picture please' } })).status, 404);
  await server.runtime.crews.setStatus('pilot', 'maintenance', '2030-01-01T00:00:00.000Z');
  try {
    const response = await server.call('POST', '/v1/crews/pilot/deploy', { body: { brief: 'Plan the next release train' } });
    t.is(response.status, 409);
    check(t, 'POST', '/v1/crews/{crew_id}/deploy', response);
    t.is(response.body.error.code, 'crew_unavailable');
    t.deepEqual(response.body.error.details, { crew: 'pilot', estimated_availability: '2030-01-01T00:00:00.000Z', alternative_crews: ['writer', 'mind'] });
  } finally {
    await server.runtime.crews.setStatus('pilot', 'available', null);
  }
});

test("another workspace's outcome is 404 everywhere", async (t) => {
  const deployed = await server.call('POST', '/v1/crews/writer/deploy', { body: { brief: 'A private post about our roadmap' } });
  const other = await workspaceWithKey(server, 'outsiders');
  const id = deployed.body.outcome_id;
  for (const [method, path] of [
    ['GET', `/v1/outcomes/${id}`],
    ['GET', `/v1/outcomes/${id}/result`],
    ['GET', `/v1/outcomes/${id}/revisions`],
    ['POST', `/v1/outcomes/${id}/cancel`],
    ['POST', `/v1/outcomes/${id}/retry`],
  ] as const) {
    const response = await server.call(method, path, { key: other.key });
    t.is(response.status, 404, `${method} ${path}`);
  }
  const revise = await server.call('POST', `/v1/outcomes/${id}/revise`, { key: other.key, body: { feedback: 'Make it shorter' } });
  t.is(revise.status, 404);
  const list = await server.call('GET', '/v1/outcomes?limit=100', { key: other.key });
  t.deepEqual(list.body.data, []);
  t.is((await server.call('GET', '/v1/outcomes/out_doesnotexist')).status, 404);
});

test('pagination walks every outcome exactly once while new ones are created', async (t) => {
  const walker = await workspaceWithKey(server, 'walker', { credits: null, concurrentOutcomes: 50 });
  const created = new Set<string>();
  for (let i = 0; i < 23; i += 1) {
    const response = await server.call('POST', `/v1/crews/${['writer', 'mind', 'pilot'][i % 3]}/run`, { key: walker.key, body: { brief: `Outcome number ${i} for the pagination walk` } });
    t.is(response.status, 201, JSON.stringify(response.body));
    created.add(response.body.outcome_id);
  }
  const seen: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const response: any = await server.call('GET', `/v1/outcomes?limit=5${cursor ? `&cursor=${cursor}` : ''}`, { key: walker.key });
    t.is(response.status, 200);
    check(t, 'GET', '/v1/outcomes', response);
    seen.push(...response.body.data.map((o: { id: string }) => o.id));
    cursor = response.body.pagination.next_cursor;
    t.is(response.body.pagination.has_more, cursor !== null);
    pages += 1;
    // New outcomes arrive mid-walk; they are newer than the cursor and never show up twice.
    await server.call('POST', '/v1/crews/writer/run', { key: walker.key, body: { brief: `A newcomer during page ${pages}` } });
  } while (cursor);
  t.is(pages, 5);
  t.is(new Set(seen).size, seen.length, 'no outcome twice');
  for (const id of created) t.true(seen.includes(id), `${id} seen`);

  const defaults = await server.call('GET', '/v1/outcomes', { key: walker.key });
  t.is(defaults.body.data.length, 10);
  const writers = await server.call('GET', '/v1/outcomes?crew=mind&limit=100', { key: walker.key });
  t.true(writers.body.data.every((o: { crew: string }) => o.crew === 'mind'));
  t.is(writers.body.data.length, 8);
  const future = await server.call('GET', `/v1/outcomes?created_after=${encodeURIComponent('2100-01-01T00:00:00Z')}`, { key: walker.key });
  t.deepEqual(future.body.data, []);
  const past = await server.call('GET', `/v1/outcomes?created_before=${encodeURIComponent('2000-01-01T00:00:00Z')}`, { key: walker.key });
  t.deepEqual(past.body.data, []);
  for (const bad of ['limit=0', 'limit=101', 'limit=ten', 'status=done', 'crew=painter', 'created_after=yesterday', 'cursor=nonsense', 'colour=blue']) {
    const response = await server.call('GET', `/v1/outcomes?${bad}`, { key: walker.key });
    t.is(response.status, 400, bad);
    t.is(response.body.error.code, 'invalid_request', bad);
  }
  const completed = await server.call('GET', '/v1/outcomes?status=completed&limit=100', { key: walker.key });
  t.true(completed.body.data.every((o: { status: string }) => o.status === 'completed'));
});

test('operators see live actors at GET /v1/admin/actors', async (t) => {
  const response = await server.call('GET', '/v1/admin/actors');
  t.is(response.status, 200);
  check(t, 'GET', '/v1/admin/actors', response);
  t.is(response.body.count, response.body.actors.length);
});
