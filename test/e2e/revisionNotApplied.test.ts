import test, { type ExecutionContext } from 'ava';
import { createLocalProvider } from '../../models/local/index.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { eventsOf, schemaCheck, waitForOutcome } from './outcomesHelpers.js';

let server: TestServer;
let check: Awaited<ReturnType<typeof schemaCheck>>;

test.before(async () => {
  server = await startServer({}, { modelProvider: createLocalProvider() });
  check = await schemaCheck(server);
});
test.after.always(async () => {
  await server?.close();
});

const garden = {
  brief: 'Write a blog post about planning a vegetable garden',
  context: 'We are planting tomatoes, beans and courgettes in three raised beds. Raised beds drain well and it is easier on the back.',
};

/** Revises, waits for that revision to complete, and reads its record through the API (schema-checked). */
async function revised(t: ExecutionContext, outcomeId: string, feedback: string) {
  const revise = await server.call('POST', `/v1/outcomes/${outcomeId}/revise`, { body: { feedback } });
  const outcome = await waitForOutcome(server, outcomeId, (body) => body.status === 'completed' && body.revision_id === revise.body.revision_id);
  const list = await server.call('GET', `/v1/outcomes/${outcomeId}/revisions`);
  check(t, 'GET', '/v1/outcomes/{outcome_id}/revisions', list);
  return { outcome, record: list.body.revisions.find((entry: { revision_id: string }) => entry.revision_id === revise.body.revision_id) };
}

test('a revision whose feedback cannot be applied lists it in not_applied and leaves the content as it was, applied []', async (t) => {
  const deployed = await server.call('POST', '/v1/crews/writer/deploy', { body: garden });
  const done = await waitForOutcome(server, deployed.body.outcome_id);
  const { outcome, record } = await revised(t, deployed.body.outcome_id, 'Make it better, it feels off somehow.');
  t.is(outcome.result.content, done.result.content);
  t.is(record.status, 'completed');
  t.deepEqual(record.applied, []);
  t.true(record.not_applied.length > 0, JSON.stringify(record));
  t.true(record.not_applied.some((entry: { part: string; reason: string }) => entry.part === 'general_feedback' && entry.reason.length > 0), JSON.stringify(record.not_applied));
  // The outcome.completed event (webhook payload) of the revision says the same.
  const completions = (await eventsOf(server, deployed.body.outcome_id)).filter((event) => event.kind === 'outcome.completed');
  t.false('revision' in completions[0]!.data);
  t.deepEqual(completions.at(-1)!.data.revision, { applied: record.applied, not_applied: record.not_applied });
});

test('a revision that applies its feedback has not_applied [] and names what it applied', async (t) => {
  const deployed = await server.call('POST', '/v1/crews/writer/deploy', { body: garden });
  const done = await waitForOutcome(server, deployed.body.outcome_id);
  const { outcome, record } = await revised(t, deployed.body.outcome_id, 'Mention that beans go in after the last frost.');
  t.not(outcome.result.content, done.result.content);
  t.true(outcome.result.content.includes('Beans go in after the last frost.'));
  t.deepEqual(record.not_applied, []);
  t.true(record.applied.length > 0, JSON.stringify(record));
});
