import test from 'ava';
import { abortError } from '../../models/errors.js';
import { createModelProvider } from '../../models/createModelProvider.js';
import type { ModelProvider } from '../../models/types.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { eventsOf, schemaCheck, waitForOutcome, workspaceWithKey } from './outcomesHelpers.js';
import { until } from '../helpers/until.js';

let server: TestServer;
let check: Awaited<ReturnType<typeof schemaCheck>>;

test.before(async () => {
  server = await startServer();
  check = await schemaCheck(server);
});
test.after.always(async () => {
  await server?.close();
});

async function waitForWorkflow(id: string, on: TestServer = server) {
  return until(async () => {
    const response = await on.call('GET', `/v1/workflows/${id}`);
    return response.body.status !== 'running' ? response : undefined;
  }, `workflow ${id} finished`, { everyMs: 15 });
}

test('a batch runs entries after the crews they depend on, with their content as context', async (t) => {
  const response = await server.call('POST', '/v1/crews/batch-deploy', {
    body: {
      workflow_name: 'Launch the invoice export',
      crews: [
        { crew_id: 'pilot', brief: 'Plan a feature that lets customers export invoices as CSV', priority: 1 },
        { crew_id: 'mind', brief: 'Coordinate the team around the invoice export launch', priority: 2 },
        { crew_id: 'writer', brief: 'Write the launch announcement for the invoice export', priority: 3, depends_on: ['pilot', 'mind'] },
      ],
    },
  });
  t.is(response.status, 201);
  check(t, 'POST', '/v1/crews/batch-deploy', response);
  t.regex(response.body.workflow_id, /^wf_/);
  t.is(response.body.outcomes.length, 3);
  const [pilot, mind, writer] = response.body.outcomes;
  t.deepEqual(writer.depends_on, ['pilot', 'mind']);
  const estimate = (o: { estimated_completion: string }) => Date.parse(o.estimated_completion);
  t.true(estimate(writer) >= estimate(pilot) && estimate(writer) >= estimate(mind), "a dependent's estimate is not before its dependencies' estimates");
  const waiting = await server.call('GET', `/v1/outcomes/${writer.outcome_id}`);
  t.is(waiting.body.status, 'processing');

  const finished = await waitForWorkflow(response.body.workflow_id);
  check(t, 'GET', '/v1/workflows/{workflow_id}', finished);
  t.is(finished.body.status, 'completed');
  t.true(finished.body.outcomes.every((o: { status: string }) => o.status === 'completed'));

  const writerEvents = await eventsOf(server, writer.outcome_id);
  const pilotDone = (await eventsOf(server, pilot.outcome_id)).find((e) => e.kind === 'outcome.completed')!;
  const mindDone = (await eventsOf(server, mind.outcome_id)).find((e) => e.kind === 'outcome.completed')!;
  const writerStarted = writerEvents.find((e) => e.kind === 'outcome.processing')!;
  t.true(writerStarted.position > pilotDone.position && writerStarted.position > mindDone.position, 'the writer started after both dependencies completed');
  const done = await waitForOutcome(server, writer.outcome_id);
  t.is(done.status, 'completed');
});

test('a dependency cycle is 400 and creates nothing', async (t) => {
  // Its own workspace: the other tests in this file deploy into the default one concurrently.
  const { key } = await workspaceWithKey(server, 'cycles');
  const response = await server.call('POST', '/v1/crews/batch-deploy', {
    key,
    body: {
      workflow_name: 'Chicken and egg',
      crews: [
        { crew_id: 'writer', brief: 'Write about the egg first', priority: 1, depends_on: ['pilot'] },
        { crew_id: 'pilot', brief: 'Plan the chicken first', priority: 2, depends_on: ['writer'] },
      ],
    },
  });
  t.is(response.status, 400);
  t.is(response.body.error.details.reason, 'dependency_cycle');
  t.deepEqual(response.body.error.details.cycle, ['writer', 'pilot', 'writer']);
  t.deepEqual((await server.call('GET', '/v1/outcomes?limit=100', { key })).body.data, []);

  const unknown = await server.call('POST', '/v1/crews/batch-deploy', { body: { workflow_name: 'x', crews: [{ crew_id: 'painter', brief: 'Paint the launch poster' }] } });
  t.is(unknown.status, 400);
  const missing = await server.call('POST', '/v1/crews/batch-deploy', { body: { workflow_name: 'x', crews: [{ crew_id: 'writer', brief: 'Needs a missing crew', depends_on: ['mind'] }] } });
  t.is(missing.status, 400);
  const short = await server.call('POST', '/v1/crews/batch-deploy', { body: { workflow_name: 'x', crews: [{ crew_id: 'writer', brief: 'short' }] } });
  t.is(short.status, 400);
  t.is(short.body.error.code, 'invalid_brief');
  t.is(short.body.error.details.field, 'crews[0].brief');
});

test('a failed dependency fails its dependents with dependency_failed', async (t) => {
  // The first entry's model never answers, so it is still processing when it is cancelled.
  const local = createModelProvider({ model: 'local', localDelayMs: 0 });
  const parking: ModelProvider = {
    name: 'parking',
    step: (input, tools, exchanges, signal) =>
      input.brief.includes('never happened')
        ? new Promise((_, reject) => signal.addEventListener('abort', () => reject(abortError(signal)), { once: true }))
        : local.step(input, tools, exchanges, signal),
  };
  const own = await startServer({}, { modelProvider: parking });
  t.teardown(() => own.close());
  const response = await own.call('POST', '/v1/crews/batch-deploy', {
    body: {
      workflow_name: 'Doomed',
      crews: [
        { crew_id: 'mind', brief: 'Analyse the meeting that never happened', priority: 1 },
        { crew_id: 'writer', brief: 'Write up what the meeting decided', priority: 2, depends_on: ['mind'] },
      ],
    },
  });
  const [mind, writer] = response.body.outcomes;
  const cancelled = await own.call('POST', `/v1/outcomes/${mind.outcome_id}/cancel`);
  t.is(cancelled.status, 200);
  const failed = await waitForOutcome(own, writer.outcome_id);
  t.is(failed.status, 'failed');
  t.is(failed.error.code, 'dependency_failed');
  t.like(failed.error.details, { stage: 'waiting_for_dependencies', agent: 'ResearchAgent', retry_count: 0, dependency: mind.outcome_id });
  t.regex(failed.error.details.last_error, new RegExp(mind.outcome_id));
  t.is(cancelled.body.error.details.stage, 'analysis', 'the cancelled entry names the stage it was in');
  const workflow = await waitForWorkflow(response.body.workflow_id, own);
  t.is(workflow.body.status, 'failed');
});

test('an unknown workflow id is 404', async (t) => {
  t.is((await server.call('GET', '/v1/workflows/wf_nothere')).status, 404);
});
