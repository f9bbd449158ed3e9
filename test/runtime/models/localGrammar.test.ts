import test from 'ava';
import { contract, expandContractions } from '../../../runtime/models/local/text/contractions.js';
import { nounPhrases, startsWithVerb, toBaseForm } from '../../../runtime/models/local/text/grammar.js';
import { keyPhrases } from '../../../runtime/models/local/text/phrases.js';
import { Memo } from '../../../runtime/models/local/memo.js';
import { createLocalProvider } from '../../../runtime/models/local/index.js';
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

test('stage outputs of one outcome share no arrays, so changing one leaves the others alone', async (t) => {
  const request = { brief: 'Build a tool that lets managers approve expenses', context: 'Managers approve expenses by email today and receipts get lost.', requirements: { include_technical_specs: true } };
  const provider = createLocalProvider();
  const first = await runCrew(provider, 'pilot', request);
  for (const output of first) for (const value of Object.values(output.data ?? {})) if (Array.isArray(value)) value.length = 0;
  (first[1]!.data!.technical_spec as { integrations: string[] }).integrations.length = 0;
  t.deepEqual(await runCrew(provider, 'pilot', request), await runCrew(createLocalProvider(), 'pilot', request));
});
