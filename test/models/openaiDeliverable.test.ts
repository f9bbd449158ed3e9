import test from 'ava';
import { deliverableSchemas } from '../../schemas/deliverables/index.js';
import { createOpenAIProvider } from '../../models/openai.js';
import { completion, startChatServer } from './chatServer.js';
import { stageInput } from './runCrew.js';

// The openai model fills the deliverable schemas through structured outputs, against a local
// server that speaks the Chat Completions wire format.
const releaseNotes = {
  brief: 'Release notes for driver app 2.3',
  context: 'feat: offline mode for delivery lists\nfix: crash when scanning damaged barcodes',
};
const markdown = '# Driver app 2.3: release notes\n\n## New\n\n- Offline mode for delivery lists\n\n## Fixed\n\n- No more crash when scanning damaged barcodes';
const data = {
  title: 'Driver app 2.3: release notes',
  version: '2.3',
  date: null,
  highlights: ['Offline mode for delivery lists'],
  entries: [
    { type: 'feature', text: 'Offline mode for delivery lists', reference: null },
    { type: 'fix', text: 'No more crash when scanning damaged barcodes', reference: null },
  ],
};

type Format = { type: string; json_schema?: { name: string; strict: boolean; schema: unknown } } | undefined;
const formatOf = (body: Record<string, unknown>) => body.response_format as Format;

function script(deliverable: unknown) {
  return (_index: number, body: Record<string, unknown>) => {
    const name = formatOf(body)?.json_schema?.name;
    if (name === 'rubric') return completion({ content: JSON.stringify({ relevance: 80, clarity: 80, completeness: 80, engagement: 70, rationale: 'ok' }) });
    if (name?.startsWith('deliverable_')) return completion({ content: JSON.stringify(deliverable) });
    return completion({ content: markdown });
  };
}

test('the last stage asks for the recognised kind through the JSON Schema response format and keeps the data beside the Markdown', async (t) => {
  const server = await startChatServer(script({ kind: 'release_notes', data }));
  t.teardown(server.close);
  const provider = createOpenAIProvider({ baseURL: server.baseURL, model: 'test-model' });
  const last = stageInput('pilot', 4, releaseNotes);
  const result = await provider.step(last, [], [], new AbortController().signal);
  if (result.kind !== 'final') return t.fail();
  t.is(result.output.content, markdown);
  t.deepEqual(result.output.data?.deliverable, { kind: 'release_notes', data });
  t.is(result.output.data?.draft_kind, 'grounded');
  t.deepEqual(result.output.data?.rubric, { relevance: 80, clarity: 80, completeness: 80, engagement: 70 });
  const asked = server.requests.map(formatOf).find((format) => format?.json_schema?.name === 'deliverable_release_notes');
  t.truthy(asked, JSON.stringify(server.requests.map(formatOf)));
  t.is(asked!.type, 'json_schema');
  t.true(asked!.json_schema!.strict);
  // The very schema of schemas/deliverables/, the one the OpenAPI document publishes.
  t.deepEqual(asked!.json_schema!.schema, JSON.parse(JSON.stringify(deliverableSchemas.release_notes)));
  const sent = server.requests.find((body) => formatOf(body)?.json_schema?.name === 'deliverable_release_notes')!;
  const messages = sent.messages as Array<{ role: string; content: string }>;
  t.true(messages[1]!.content.includes(markdown));
  t.true(messages[1]!.content.includes('feat: offline mode for delivery lists'));
});

test('an earlier stage asks for no structured output', async (t) => {
  const server = await startChatServer(script({ kind: 'release_notes', data }));
  t.teardown(server.close);
  const provider = createOpenAIProvider({ baseURL: server.baseURL, model: 'test-model' });
  const result = await provider.step(stageInput('pilot', 1, releaseNotes), [], [], new AbortController().signal);
  t.true(result.kind === 'final' && result.output.data === undefined);
  t.true(server.requests.every((body) => formatOf(body) === undefined));
});

test('data that does not fit the schema is not kept, and a note says why', async (t) => {
  const server = await startChatServer(script({ kind: 'release_notes', data: { ...data, entries: [{ type: 'party', text: 'x', reference: null }] } }));
  t.teardown(server.close);
  const provider = createOpenAIProvider({ baseURL: server.baseURL, model: 'test-model' });
  const result = await provider.step(stageInput('pilot', 4, releaseNotes), [], [], new AbortController().signal);
  if (result.kind !== 'final') return t.fail();
  t.is(result.output.data?.deliverable, undefined);
  t.regex(String((result.output.data?.notes as string[])[0]), /release_notes data did not fit its schema \(\/data\/entries\/0\/type/);
});

test('a bare brief is an outline, and each crew asks for its own kind', async (t) => {
  const server = await startChatServer((_index, body) => {
    const name = formatOf(body)?.json_schema?.name;
    if (name === 'deliverable_meeting_summary') return completion({ content: JSON.stringify({ kind: 'meeting_summary', data: { title: 'Support sync', date: null, summary: [], decisions: [], action_items: [], risks: [], open_questions: [] } }) });
    if (name) return completion({ content: '{}' });
    return completion({ content: '# Support sync\n\n_Outline to fill in._' });
  });
  t.teardown(server.close);
  const provider = createOpenAIProvider({ baseURL: server.baseURL, model: 'test-model' });
  const result = await provider.step(stageInput('mind', 4, { brief: 'Summarize our weekly support sync' }), [], [], new AbortController().signal);
  if (result.kind !== 'final') return t.fail();
  t.is(result.output.data?.draft_kind, 'outline');
  t.is((result.output.data?.deliverable as { kind: string }).kind, 'meeting_summary');
});
