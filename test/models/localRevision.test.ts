import test from 'ava';
import { createLocalProvider } from '../../models/local/index.js';
import type { StageOutput } from '../../models/types.js';
import { documentWordCount, parseDocument } from '../../quality/markdown.js';
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

interface RevisionData {
  changes_requested: string[];
  applied: string[];
  not_applied: Array<{ part: string; reason: string }>;
  unchanged: boolean;
}

const data = (output: StageOutput) => output.data as unknown as RevisionData;

test('a casual revision contracts what it can and "keep the length" keeps it', async (t) => {
  const original = await finalContent(provider, 'writer', { ...request, context: `${request.context} We are hiring in two more time zones and it is going well.` });
  t.notRegex(parseDocument(original).body, /\b\w+'(?:s|t|re|ll)\b/);
  const revised = await revise(original, 'Please make it more casual, but maintain the length.');
  t.regex(parseDocument(revised.content).body, /\b\w+'(?:s|t|re|ll)\b/);
  const before = documentWordCount(original);
  const after = documentWordCount(revised.content);
  t.true(Math.abs(after - before) / before <= 0.1, `${before} -> ${after}`);
  t.deepEqual(data(revised).changes_requested, ['tone_adjustment', 'maintain_length']);
  t.true(data(revised).applied.includes('tone_adjustment'));
});

test('a revision never returns identical content marked as applied', async (t) => {
  const original = await finalContent(provider, 'writer', request);
  const revised = await revise(original, 'Make it better, it feels off somehow.');
  t.is(revised.content.trim(), original.trim());
  t.true(data(revised).unchanged);
  t.deepEqual(data(revised).applied, []);
  t.true(data(revised).not_applied.some((entry) => entry.part === 'general_feedback' && /real model/.test(entry.reason)));
  t.regex(revised.summary, /could not apply/);
});

test('examples the sources do not hold are reported not applied, not invented', async (t) => {
  const original = await finalContent(provider, 'writer', request);
  const revised = await revise(original, 'Add some examples please.');
  t.false(parseDocument(revised.content).headings.includes('Examples'));
  t.true(data(revised).not_applied.some((entry) => entry.part === 'add_examples'));
});

test('facts the feedback states are added and sections it names are removed', async (t) => {
  const original = await finalContent(provider, 'writer', { ...request, context: `${request.context} Documentation quality improved because decisions are written down. New hires read the decision log in their first week.` });
  const heading = parseDocument(original).headings.at(-1)!;
  const revised = await revise(original, `Mention that the team now meets in person once a quarter. Remove the ${heading} section.`);
  t.true(revised.content.includes('The team now meets in person once a quarter.'));
  t.false(parseDocument(revised.content).headings.includes(heading));
  t.deepEqual(data(revised).applied.sort(), ['add fact: The team now meets in person once a quarter.', `remove section: ${heading}`].sort());
});

test('"shorter" trims the document and "longer" says why it cannot grow without a real model', async (t) => {
  const long = { ...request, context: `${request.context} Documentation quality improved because decisions are written down. New hires read the decision log in their first week. Meetings that remain have an agenda sent a day ahead.` };
  const original = await finalContent(provider, 'writer', long);
  const before = documentWordCount(original);
  const shorter = await provider.step(stageInput('writer', 3, long, [], { feedback: 'Make it shorter', requirements: {}, previousContent: original }), [], [], new AbortController().signal);
  t.true(shorter.kind === 'final' && documentWordCount(shorter.output.content) < before, `${before}`);
  const longer = await revise(original, 'Could you expand on this with more detail?');
  t.true(data(longer).not_applied.some((entry) => entry.part === 'length'));
});

test('a table survives a revision', async (t) => {
  const prdRequest = { brief: 'Build a tool that lets managers approve expenses', context: 'Managers approve expenses by email today and receipts get lost. Managers want to see every pending expense in one list.', requirements: { include_technical_specs: true } };
  const original = await finalContent(provider, 'pilot', prdRequest);
  const tables = original.split('\n').filter((line) => line.startsWith('|'));
  t.true(tables.length >= 6);
  const result = await provider.step(stageInput('pilot', 4, prdRequest, [], { feedback: 'Make it shorter and more casual.', requirements: {}, previousContent: original }), [], [], new AbortController().signal);
  if (result.kind !== 'final') return t.fail();
  const after = result.output.content.split('\n');
  for (const row of tables) t.true(after.includes(row), row);
});

test('a more formal revision removes contractions and exclamations', async (t) => {
  const casual = "# Notes\n\nWe're shipping on Monday! It's been a long week and we've learned a lot.";
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
    stageInput('mind', 0, { brief: 'Summarize the meeting', context: notes }, [], { feedback: 'Please mention that Carol will review the release notes.', requirements: {}, previousContent: original }),
    [],
    [],
    new AbortController().signal,
  );
  t.true(result.kind === 'final' && result.output.content.includes('Carol will review the release notes.'));
});
