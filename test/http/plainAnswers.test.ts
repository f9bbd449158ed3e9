import test from 'ava';
import { startServer, type TestServer } from '../helpers/server.js';
import { waitForOutcome } from '../e2e/outcomesHelpers.js';

let server: TestServer;
test.before(async () => {
  server = await startServer();
});
test.after.always(async () => {
  await server?.close();
});

test('/favicon.ico answers 204 without a key (a browser on the operator page gets no 401)', async (t) => {
  const response = await fetch(`${server.url}/favicon.ico`);
  t.is(response.status, 204);
  t.is(await response.text(), '');
});

test("an unknown crew's 404 names the crews that exist", async (t) => {
  const response = await server.call('POST', '/v1/crews/writter/deploy', { body: { brief: 'A short note about tidal energy for a newsletter.' } });
  t.is(response.status, 404);
  t.is(response.body.error.code, 'not_found');
  t.is(response.body.error.message, "Crew 'writter' was not found. Valid crews: writer, mind, pilot.");
  t.deepEqual(response.body.error.details, { field: 'crew_id', allowed: ['writer', 'mind', 'pilot'] });
});

test('a type error reads as English: "must be a string", "must be an object"', async (t) => {
  const brief = await server.call('POST', '/v1/crews/writer/deploy', { body: { brief: 42 } });
  t.is(brief.status, 400);
  t.is(brief.body.error.message, "Field 'brief' must be a string.");
  const requirements = await server.call('POST', '/v1/crews/writer/deploy', { body: { brief: 'A short note about tidal energy.', requirements: 'short' } });
  t.is(requirements.status, 400);
  t.is(requirements.body.error.message, "Field 'requirements' must be an object.");
});

test('a bound or a choice reads as English: "must not be empty", "must be one of ..."', async (t) => {
  const deployed = await server.call('POST', '/v1/crews/writer/deploy', { body: { brief: 'A short note about tidal energy for a newsletter.' } });
  const empty = await server.call('POST', `/v1/outcomes/${deployed.body.outcome_id}/revise`, { body: { feedback: '' } });
  t.is(empty.status, 400);
  t.is(empty.body.error.message, "Field 'feedback' must not be empty.");
  t.is(empty.body.error.details.reason, 'minLength');
  const status = await server.call('GET', '/v1/outcomes?status=done');
  t.is(status.status, 400);
  t.is(status.body.error.message, `Field 'status' must be one of "processing", "completed", "failed", "revision_requested".`);
  t.deepEqual(status.body.error.details.allowed, ['processing', 'completed', 'failed', 'revision_requested']);
});

test('GET /v1/outcomes names each outcome\'s brief', async (t) => {
  const brief = 'A short note about tidal energy for the members newsletter.';
  const deployed = await server.call('POST', '/v1/crews/writer/deploy', { body: { brief } });
  await waitForOutcome(server, deployed.body.outcome_id);
  const listed = await server.call('GET', '/v1/outcomes?limit=5');
  t.is(listed.status, 200);
  t.is(listed.body.data.find((o: { id: string }) => o.id === deployed.body.outcome_id)?.brief, brief);
});
