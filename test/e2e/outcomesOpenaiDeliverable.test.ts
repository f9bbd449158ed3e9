import test from 'ava';
import { startServer, type TestServer } from '../helpers/server.js';
import { completion, startChatServer } from '../models/chatServer.js';
import { schemaCheck, waitForOutcome } from './outcomesHelpers.js';

// Through the API with CREWD_MODEL=openai: the result carries the deliverable's data the model
// filled through structured outputs, checked against the published OpenAPI document.
const markdown = '# Driver app 2.3: release notes\n\n## New\n\n- Offline mode for delivery lists\n\n## Fixed\n\n- No more crash when scanning damaged barcodes';
const data = {
  title: 'Driver app 2.3: release notes',
  version: '2.3',
  date: null,
  highlights: ['Offline mode for delivery lists'],
  entries: [
    { type: 'feature', text: 'Offline mode for delivery lists', reference: 'a1b2c3d' },
    { type: 'fix', text: 'No more crash when scanning damaged barcodes', reference: null },
  ],
};

let crewd: TestServer;
let chat: Awaited<ReturnType<typeof startChatServer>>;

test.before(async () => {
  chat = await startChatServer((_index, body) => {
    const format = body.response_format as { json_schema?: { name?: string } } | undefined;
    if (format?.json_schema?.name === 'rubric') return completion({ content: JSON.stringify({ relevance: 90, clarity: 85, completeness: 90, engagement: 70, rationale: 'ok' }) });
    if (format?.json_schema?.name === 'deliverable_release_notes') return completion({ content: JSON.stringify({ kind: 'release_notes', data }) });
    return completion({ content: markdown });
  });
  crewd = await startServer({ CREWD_MODEL: 'openai', OPENAI_BASE_URL: chat.baseURL, OPENAI_API_KEY: 'sk-test', CREWD_MODEL_NAME: 'test-model' });
});
test.after.always(async () => {
  await crewd?.close();
  await chat?.close();
});

test('a pilot outcome on the openai model carries result.metadata.deliverable and draft_kind from structured outputs', async (t) => {
  const check = await schemaCheck(crewd);
  const deployed = await crewd.call('POST', '/v1/crews/pilot/deploy', { body: { brief: 'Release notes for driver app 2.3', context: 'a1b2c3d feat: offline mode for delivery lists\nfix: crash when scanning damaged barcodes' } });
  t.is(deployed.status, 201, JSON.stringify(deployed.body));
  const done = await waitForOutcome(crewd, deployed.body.outcome_id);
  t.is(done.status, 'completed', JSON.stringify(done));
  const response = await crewd.call('GET', `/v1/outcomes/${deployed.body.outcome_id}/result`);
  check(t, 'GET', '/v1/outcomes/{outcome_id}/result', response);
  t.is(response.body.result.content, markdown);
  t.deepEqual(response.body.result.metadata.deliverable, { kind: 'release_notes', data });
  t.is(response.body.result.metadata.draft_kind, 'grounded');
  const structured = chat.requests.filter((body) => (body.response_format as { json_schema?: { name?: string } } | undefined)?.json_schema?.name === 'deliverable_release_notes');
  t.is(structured.length, 1, 'one structured-output call, for the last stage');
});
