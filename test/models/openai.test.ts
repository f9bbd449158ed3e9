import test from 'ava';
import { ModelCallError } from '../../models/errors.js';
import { createOpenAIProvider } from '../../models/openai.js';
import type { ToolExchange } from '../../models/types.js';
import { completion, failure, startChatServer } from './chatServer.js';
import { stageInput } from './runCrew.js';

const request = {
  brief: 'Write a blog post about remote work',
  context: 'We have 5 time zones.',
  requirements: { tone: 'casual', target_keywords: ['remote work'] },
};
const tools = [{ name: 'notes.search', description: 'Search the notes workspace', inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] } }];

test('a tool call round trip: tools go out, calls come back, results are replayed', async (t) => {
  const server = await startChatServer((index) =>
    index === 0
      ? completion({ tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'notes_search', arguments: '{"query":"remote work"}' } }] }, 'tool_calls')
      : completion({ content: '# Remote work, done right\n\nA casual look at remote work.' }),
  );
  t.teardown(server.close);
  const provider = createOpenAIProvider({ baseURL: server.baseURL, apiKey: 'sk-test', model: 'test-model' });
  const input = stageInput('writer', 2, request);
  const signal = new AbortController().signal;

  const first = await provider.step(input, tools, [], signal);
  // The answer's usage (1 prompt, 1 completion token) rides on the step for the model span.
  t.deepEqual(first, { kind: 'tool_calls', calls: [{ id: 'call_1', name: 'notes.search', arguments: { query: 'remote work' } }], usage: { input_tokens: 1, output_tokens: 1 } });

  const exchanges: ToolExchange[] = [{ call: first.kind === 'tool_calls' ? first.calls[0]! : { id: '', name: '', arguments: {} }, result: { content: 'Notes: async standups work.', isError: false }, turn: 0 }];
  const second = await provider.step(input, tools, exchanges, signal);
  t.deepEqual(second, { kind: 'final', output: { summary: 'Remote work, done right', content: '# Remote work, done right\n\nA casual look at remote work.' }, usage: { input_tokens: 1, output_tokens: 1 } });

  const [sent, replay] = server.requests;
  t.is(sent!._path, '/v1/chat/completions');
  t.is(sent!._auth, 'Bearer sk-test');
  t.is(sent!.model, 'test-model');
  t.deepEqual(sent!.tools, [{ type: 'function', function: { name: 'notes_search', description: 'Search the notes workspace', parameters: tools[0]!.inputSchema } }]);
  const messages = replay!.messages as Array<Record<string, unknown>>;
  t.is(messages[0]!.role, 'system');
  t.regex(String(messages[0]!.content), /ContentAgent/);
  t.regex(String(messages[0]!.content), /content_creation/);
  t.is(messages[1]!.role, 'user');
  t.regex(String(messages[1]!.content), /Write a blog post about remote work/);
  t.regex(String(messages[1]!.content), /"tone": "casual"/);
  t.regex(String(messages[1]!.content), /We have 5 time zones\./);
  t.deepEqual(messages[2], {
    role: 'assistant',
    content: null,
    tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'notes_search', arguments: '{"query":"remote work"}' } }],
  });
  t.deepEqual(messages[3], { role: 'tool', tool_call_id: 'call_1', content: 'Notes: async standups work.' });
});

test('earlier stages and revision feedback reach the prompt', async (t) => {
  const server = await startChatServer(() => completion({ content: 'Revised text.' }));
  t.teardown(server.close);
  const provider = createOpenAIProvider({ baseURL: server.baseURL, model: 'test-model' });
  const previous = [{ summary: 'Gathered points', content: '# Research notes' }];
  await provider.step(
    stageInput('writer', 1, request, previous, { feedback: 'Make it more formal', requirements: { tone: 'formal' }, previousContent: 'Old text.' }),
    [],
    [],
    new AbortController().signal,
  );
  const user = String((server.requests[0]!.messages as Array<{ content: string }>)[1]!.content);
  t.regex(user, /research: Gathered points/);
  t.regex(user, /# Research notes/);
  t.regex(user, /Feedback: Make it more formal/);
  t.regex(user, /Old text\./);
  t.false('tools' in server.requests[0]!);
});

test('errors are classified where they are thrown', async (t) => {
  const server = await startChatServer((index) => (index === 0 ? failure(400, 'bad model') : index === 1 ? failure(429, 'slow down') : failure(503, 'overloaded')));
  t.teardown(server.close);
  const provider = createOpenAIProvider({ baseURL: server.baseURL, model: 'test-model' });
  const signal = new AbortController().signal;
  const statuses: Array<[number | undefined, boolean]> = [];
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const error = await t.throwsAsync(provider.step(stageInput('mind', 0, request), [], [], signal), { instanceOf: ModelCallError });
    statuses.push([error?.status, error!.retryable]);
  }
  t.deepEqual(statuses, [
    [400, false],
    [429, true],
    [503, true],
  ]);
  t.is(server.requests.length, 3, 'the client itself does not retry');
});

test('aborting the signal aborts the request with an AbortError', async (t) => {
  const server = await startChatServer(() => new Promise(() => {}));
  t.teardown(server.close);
  const provider = createOpenAIProvider({ baseURL: server.baseURL, model: 'test-model' });
  const controller = new AbortController();
  const pending = provider.step(stageInput('pilot', 0, request), [], [], controller.signal);
  setImmediate(() => controller.abort());
  const error = await t.throwsAsync(pending);
  t.is(error?.name, 'AbortError');
});
