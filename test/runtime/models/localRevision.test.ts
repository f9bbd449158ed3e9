import test from 'ava';
import { createLocalProvider } from '../../../runtime/models/local/index.js';
import type { StageOutput } from '../../../runtime/models/types.js';
import { documentWordCount, parseDocument } from '../../../runtime/quality/markdown.js';
import { finalContent, stageInput, type Request } from './runCrew.js';

const provider = createLocalProvider();
const request: Request = {
  brief: 'Write a blog post about the benefits of remote work for software teams',
  context: 'Our company has 50 engineers across 5 time zones. We adopted async standups last year and saw 30% fewer meetings.',
  requirements: { tone: 'professional', length: 600 },
};

async function revise(previousContent: string, feedback: string, requirements: Record<string, unknown> = {}): Promise<StageOutput> {
  const result = await provider.step(stageInput('writer', 3, request, [], { feedback, requirements, previousContent }), [], [], new AbortController().signal);
  if (result.kind !== 'final') throw new Error('expected a final output');
  return result.output;
}

test('"more casual, add examples, keep the length" changes tone, adds examples and keeps the length', async (t) => {
  const original = await finalContent(provider, 'writer', request);
  t.notRegex(parseDocument(original).body, /\b\w+'(?:s|t|re|ll)\b/);
  const revised = await revise(original, 'Please make it more casual and add some examples, but maintain the length.');
  const parts = parseDocument(revised.content);
  t.regex(parts.body, /\b\w+'(?:s|t|re|ll)\b/);
  t.true(parts.headings.includes('Examples'));
  const before = documentWordCount(original);
  const after = documentWordCount(revised.content);
  t.true(Math.abs(after - before) / before <= 0.1, `${before} -> ${after}`);
  t.deepEqual((revised.data as { changes_requested: string[] }).changes_requested, ['tone_adjustment', 'add_examples', 'maintain_length']);
  t.true(revised.content.includes('We adopted async standups last year and saw 30% fewer meetings.'));
});

test('"shorter" trims about a third and "longer" adds about a third', async (t) => {
  const original = await finalContent(provider, 'writer', request);
  const before = documentWordCount(original);
  const shorter = documentWordCount((await revise(original, 'Make it shorter')).content);
  const longer = documentWordCount((await revise(original, 'Could you expand on this with more detail?')).content);
  t.true(shorter < before * 0.8, `${before} -> ${shorter}`);
  t.true(longer > before * 1.2, `${before} -> ${longer}`);
});

test('a more formal revision removes contractions and exclamations', async (t) => {
  const casual = await finalContent(provider, 'writer', { ...request, requirements: { tone: 'friendly' } });
  t.regex(casual, /'|!/);
  const formal = await revise(casual, 'This should sound more professional.');
  t.notRegex(parseDocument(formal.content).body, /\b\w+'(?:s|t|re|ll|ve)\b|!/);
});

test('revising is the same at every stage, so a full revision run does not compound', async (t) => {
  const original = await finalContent(provider, 'writer', request);
  const first = await revise(original, 'Make it shorter');
  const again = await provider.step(stageInput('writer', 5, request, [first], { feedback: 'Make it shorter', requirements: {}, previousContent: original }), [], [], new AbortController().signal);
  t.is(again.kind === 'final' ? again.output.content : '', first.content);
});

test('revisions apply to the other crews too', async (t) => {
  const notes = 'Alice: I will send the report by Friday. Bob: We decided to ship on Monday.';
  const original = await finalContent(provider, 'mind', { brief: 'Summarize the meeting', context: notes });
  const result = await provider.step(
    stageInput('mind', 0, { brief: 'Summarize the meeting', context: notes }, [], { feedback: 'Add examples please', requirements: {}, previousContent: original }),
    [],
    [],
    new AbortController().signal,
  );
  t.true(result.kind === 'final' && parseDocument(result.output.content).headings.includes('Examples'));
});
