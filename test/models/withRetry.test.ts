import test from 'ava';
import { ModelStepError } from '../../models/errors.js';
import { createOpenAIProvider } from '../../models/openai.js';
import type { ModelProvider } from '../../models/types.js';
import { withRetry } from '../../models/withRetry.js';
import { completion, failure, startChatServer } from './chatServer.js';
import { stageInput } from './runCrew.js';

const fast = { retries: 3, minTimeoutMs: 1, factor: 2 };
const input = stageInput('writer', 0, { brief: 'Write a post about retries' });

async function providerFor(script: Parameters<typeof startChatServer>[0], t: { teardown: (fn: () => Promise<void>) => void }) {
  const server = await startChatServer(script);
  t.teardown(server.close);
  return { server, provider: withRetry(createOpenAIProvider({ baseURL: server.baseURL, model: 'test-model' }), fast) };
}

test('two 500s and then an answer: the step succeeds on the third try', async (t) => {
  const retries: number[] = [];
  const server = await startChatServer((index) => (index < 2 ? failure(500, 'boom') : completion({ content: 'Done at last.' })));
  t.teardown(server.close);
  const provider = withRetry(createOpenAIProvider({ baseURL: server.baseURL, model: 'test-model' }), { ...fast, onRetry: ({ attempt }) => retries.push(attempt) });
  const result = await provider.step(input, [], [], new AbortController().signal);
  t.deepEqual(result, { kind: 'final', output: { summary: 'Done at last.', content: 'Done at last.' }, usage: { input_tokens: 1, output_tokens: 1 } });
  t.is(server.requests.length, 3);
  t.deepEqual(retries, [1, 2]);
});

test('always 500: a ModelStepError with the retry count and the last error', async (t) => {
  const { server, provider } = await providerFor(() => failure(500, 'the model server is down'), t);
  const error = await t.throwsAsync(provider.step(input, [], [], new AbortController().signal), { instanceOf: ModelStepError });
  t.is(error?.retryCount, 3);
  t.is(error!.lastError, '500 the model server is down');
  t.is(server.requests.length, 4);
});

test('a 400 is not retried', async (t) => {
  const { server, provider } = await providerFor(() => failure(400, 'unknown model'), t);
  const error = await t.throwsAsync(provider.step(input, [], [], new AbortController().signal), { instanceOf: ModelStepError });
  t.is(error?.retryCount, 0);
  t.regex(error!.lastError, /unknown model/);
  t.is(server.requests.length, 1);
});

test('429 and 408 are retried like server faults', async (t) => {
  const { server, provider } = await providerFor((index) => (index === 0 ? failure(429, 'slow down') : index === 1 ? failure(408, 'timeout') : completion({ content: 'ok' })), t);
  const result = await provider.step(input, [], [], new AbortController().signal);
  t.is(result.kind, 'final');
  t.is(server.requests.length, 3);
});

test('an abort during the backoff stops retrying and is reported as an abort, not a model failure', async (t) => {
  const controller = new AbortController();
  const flaky: ModelProvider = {
    name: 'flaky',
    async step() {
      setImmediate(() => controller.abort());
      throw new Error('temporary');
    },
  };
  const provider = withRetry(flaky, { retries: 5, minTimeoutMs: 60_000, factor: 2 });
  const error = await t.throwsAsync(provider.step(input, [], [], controller.signal));
  t.is(error?.name, 'AbortError');
  t.false(error instanceof ModelStepError);
});
