import test from 'ava';
import { contract, expandContractions } from '../../models/local/text/contractions.js';
import { nounPhrases, startsWithVerb, toBaseForm } from '../../models/local/text/grammar.js';
import { keyPhrases } from '../../models/local/text/phrases.js';
import { Memo } from '../../models/local/memo.js';
import { composeStage, createLocalProvider } from '../../models/local/index.js';
import { createWorkbench } from '../../models/local/workbench.js';
import { crews } from '../../crews/index.js';
import type { StageOutput } from '../../models/types.js';
import { createNlp } from '../../quality/nlp.js';
import { runCrew } from './runCrew.js';

test('casual contractions join subject and verb, not across punctuation', (t) => {
  t.is(contract('We are here and it is fine. They will come.'), "We're here and it's fine. They'll come.");
  t.is(contract('It is not ready, and you are late.'), "It's not ready, and you're late.");
  t.is(contract('This does not work. I am sure we have tried.'), "This doesn't work. I'm sure we've tried.");
  t.is(contract('Yes, it was, not now. We have 50 engineers.'), 'Yes, it was, not now. We have 50 engineers.');
});

test('formal expansion undoes contractions and keeps possessives', (t) => {
  t.is(expandContractions("Don't stop. Let's go. It's been long. Here's the thing: we're ready."), 'Do not stop. Let us go. It has been long. Here is the thing: we are ready.');
  t.is(expandContractions("You'll see that I'm right; they can't and won't wait."), 'You will see that I am right; they can not and will not wait.');
  t.is(expandContractions("The team's goal isn't clear."), "The team's goal is not clear.");
});

test('verbs are read in base form and noun phrases stop at verbs', (t) => {
  t.true(startsWithVerb('track invoices'));
  t.false(startsWithVerb('invoices for clients'));
  t.is(toBaseForm('tracks invoices and sends reminders'), 'track invoices and send reminders');
  t.is(toBaseForm('export invoices and reports'), 'export invoices and reports');
  const phrases = nounPhrases('We adopted async standups last year and saw 30% fewer meetings. Admins need to manage user roles.').map((phrase) => phrase.map((word) => word.text).join(' '));
  t.deepEqual(phrases, ['async standups', 'year', 'fewer meetings', 'admins', 'user roles']);
});

test('key phrases come from the noun phrases of the text', (t) => {
  const text = 'Our company has 50 engineers across 5 time zones. We adopted async standups last year and saw 30% fewer meetings.';
  t.deepEqual(keyPhrases(text, 3), ['time zones', 'async standups', 'fewer meetings']);
});

test('the memo keeps only its most recently used entries', (t) => {
  const memo = new Memo(2);
  let computed = 0;
  const get = (key: string) => memo.get(key, () => (computed += 1));
  get('a');
  get('b');
  get('a');
  get('c');
  t.is(computed, 3);
  get('a');
  t.is(computed, 3);
  get('b');
  t.is(computed, 4);
});

test('the memo lets an entry go at its last use, and keeps keys within its character bound', (t) => {
  const memo = new Memo(10, 8);
  let computed = 0;
  const get = (key: string, last = false) => memo.get(key, () => (computed += 1), last);
  get('aaa');
  get('aaa', true);
  t.is(computed, 1, 'the last use still reads the stored analysis');
  t.is(memo.size, 0, 'and lets it go');
  get('bbb');
  get('ccc');
  get('ddd');
  t.is(memo.size, 2, 'nine characters of keys exceed the bound of eight: the oldest left');
  get('bbb');
  t.is(computed, 5);
});

test('interleaved outcomes keep their analysis until their last stage, and compose what one outcome alone does', (t) => {
  // The engine runs every live outcome's stages interleaved: stage 0 of all, then stage 1 of all...
  const bench = createWorkbench(createNlp());
  const crew = crews.pilot;
  const outcomes = Array.from({ length: 100 }, (_, i) => ({ brief: `Build a tool that lets managers approve expenses, team ${i}`, previous: [] as StageOutput[] }));
  const sizes: number[] = [];
  for (let stage = 0; stage < crew.stages.length; stage += 1) {
    for (const outcome of outcomes) {
      outcome.previous.push(composeStage({ crew, stage: crew.stages[stage]!, stageIndex: stage, brief: outcome.brief, requirements: {}, contextDocuments: [], knowledge: [], previous: [...outcome.previous] }, bench));
    }
    sizes.push(bench.memo.size);
  }
  t.deepEqual(sizes, [100, 100, 100, 100, 0], 'one analysis per request in flight, none left once all finished');
  const alone = outcomes[7]!.previous;
  const fresh = createWorkbench(createNlp());
  const single: StageOutput[] = [];
  for (let stage = 0; stage < crew.stages.length; stage += 1) single.push(composeStage({ crew, stage: crew.stages[stage]!, stageIndex: stage, brief: outcomes[7]!.brief, requirements: {}, contextDocuments: [], knowledge: [], previous: [...single] }, fresh));
  t.deepEqual(alone, single);
});

test('stage outputs of one outcome share no arrays, so changing one leaves the others alone', async (t) => {
  const request = { brief: 'Build a tool that lets managers approve expenses', context: 'Managers approve expenses by email today and receipts get lost.', requirements: { include_technical_specs: true } };
  const provider = createLocalProvider();
  const first = await runCrew(provider, 'pilot', request);
  for (const output of first) for (const value of Object.values(output.data ?? {})) if (Array.isArray(value)) value.length = 0;
  (first[1]!.data!.technical_spec as { integrations: string[] }).integrations.length = 0;
  t.deepEqual(await runCrew(provider, 'pilot', request), await runCrew(createLocalProvider(), 'pilot', request));
});
