import test from 'ava';
import { createLocalProvider } from '../../../runtime/models/local/index.js';
import { runCrew, stageInput } from './runCrew.js';

const request = {
  brief: 'Write a newsletter about our new onboarding programme for engineers',
  context: 'Every new engineer gets a buddy. The first week ends with a small production change.',
  requirements: { tone: 'friendly', format: 'newsletter', target_keywords: ['onboarding'] },
};

test('the same request gives the same document, stage for stage', async (t) => {
  const first = await runCrew(createLocalProvider(), 'writer', request);
  const second = await runCrew(createLocalProvider(), 'writer', request);
  t.deepEqual(second, first);
});

test('a different brief gives a different document', async (t) => {
  const first = await runCrew(createLocalProvider(), 'writer', request);
  const other = await runCrew(createLocalProvider(), 'writer', { ...request, brief: 'Write a newsletter about our hiring plans for designers' });
  t.not(other.at(-1)!.content, first.at(-1)!.content);
});

test('the local model never asks for tools, even when offered some', async (t) => {
  const tools = [{ name: 'notes.search', description: 'Search notes', inputSchema: { type: 'object' } }];
  const result = await createLocalProvider().step(stageInput('pilot', 0, { brief: 'Build a tool that lets managers approve expenses' }), tools, [], new AbortController().signal);
  t.is(result.kind, 'final');
});

test('think time is spent per step and an abort ends it at once with an AbortError', async (t) => {
  const provider = createLocalProvider({ delayMs: 60_000 });
  const controller = new AbortController();
  const pending = provider.step(stageInput('writer', 0, request), [], [], controller.signal);
  controller.abort();
  const error = await t.throwsAsync(pending);
  t.is(error?.name, 'AbortError');
});

test('an already aborted signal is refused before any work', async (t) => {
  const controller = new AbortController();
  controller.abort();
  const error = await t.throwsAsync(createLocalProvider().step(stageInput('mind', 0, request), [], [], controller.signal));
  t.is(error?.name, 'AbortError');
});

test('a short think time completes the step', async (t) => {
  const result = await createLocalProvider({ delayMs: 5 }).step(stageInput('mind', 0, request), [], [], new AbortController().signal);
  t.is(result.kind, 'final');
});
