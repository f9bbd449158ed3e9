import test from 'ava';
import { createLocalProvider } from '../../../../models/local/index.js';
import { readAddedQuestion } from '../../../../models/local/revise/questions.js';
import type { StageOutput } from '../../../../models/types.js';
import { finalContent, stageInput, type Request } from '../../runCrew.js';

/** Revisions of an FAQ page as people ask for them: add a question with its answer, drop one. */

test('the question and answer a feedback adds, as people type it', (t) => {
  t.deepEqual(readAddedQuestion('add a question about parking: yes, there is free parking behind the building'), { question: 'What about parking?', answer: 'Yes, there is free parking behind the building.' });
  t.deepEqual(readAddedQuestion("Add the question 'Can I pay by card?' - yes, all major cards"), { question: 'Can I pay by card?', answer: 'Yes, all major cards.' });
  t.deepEqual(readAddedQuestion('add: do you sell gift cards? yes, at the front desk'), { question: 'Do you sell gift cards?', answer: 'Yes, at the front desk.' });
  t.deepEqual(readAddedQuestion('add another question about the sauna'), { question: 'What about the sauna?', answer: '' });
  t.is(readAddedQuestion('add a section on pricing'), undefined);
  t.is(readAddedQuestion('make it friendlier'), undefined);
});

const provider = createLocalProvider();
const request: Request = {
  brief: 'FAQ page for our gym membership',
  context: 'Q: Can I freeze my membership? A: Yes, up to 3 months a year, free of charge.\nQ: What are the opening hours? A: 6am to 10pm weekdays, 8am to 8pm weekends.\nQ: How do I cancel? A: Give 30 days notice at the front desk.',
};

async function revise(previousContent: string, feedback: string): Promise<StageOutput> {
  const result = await provider.step(stageInput('writer', 5, request, [], { feedback, requirements: {}, previousContent }), [], [], new AbortController().signal);
  if (result.kind !== 'final') throw new Error('expected a final output');
  return result.output;
}

const applied = (output: StageOutput) => (output.data as { applied: string[] }).applied;
const notApplied = (output: StageOutput) => (output.data as { not_applied: Array<{ part: string; reason: string }> }).not_applied;

test('an FAQ revision adds the question after the last one with the answer given, and drops the one named', async (t) => {
  const original = await finalContent(provider, 'writer', request);
  const revised = await revise(original, 'Add a question about parking: yes, there is free parking behind the building. Also remove the cancel question.');
  t.regex(revised.content, /^## What are the opening hours\?\n\n6am to 10pm weekdays, 8am to 8pm weekends\.\n\n## What about parking\?\n\nYes, there is free parking behind the building\.$/m);
  t.notRegex(revised.content, /cancel/i);
  t.deepEqual(applied(revised).sort(), ['add question: What about parking?', 'remove: cancel']);
  t.deepEqual(notApplied(revised), []);
});

test('a question added without an answer is not added, and the reason says why; no answer is made up', async (t) => {
  const original = await finalContent(provider, 'writer', request);
  const revised = await revise(original, 'add another question about the sauna');
  t.notRegex(revised.content, /sauna/i);
  t.deepEqual(applied(revised), []);
  t.true(notApplied(revised).some((entry) => entry.part === 'add question: What about the sauna?' && /no answer/.test(entry.reason)), JSON.stringify(notApplied(revised)));
});
