import test from 'ava';
import { splitSplices } from '../../../../models/local/text/clauses.js';

test('two statements joined by a comma are two sentences', (t) => {
  t.deepEqual(splitSplices('Prices go up 10% on Jan 1, existing customers keep their price for 6 months'), ['Prices go up 10% on Jan 1.', 'existing customers keep their price for 6 months']);
});

test('a list, or a statement with fragments after it, stays one line', (t) => {
  for (const line of ['We shipped dark mode, export to CSV and faster search', 'The offsite moves to Friday the 14th, same place, bring laptops', 'Lisbon, Porto and Faro']) t.deepEqual(splitSplices(line), [line]);
});

test('a second statement with no adjective before its subject is split off too: "the kitchen opens ...", "we will send ..."', (t) => {
  t.deepEqual(splitSplices('The kickoff call is on March 12, we will send the agenda the day before.'), ['The kickoff call is on March 12.', 'we will send the agenda the day before.']);
  t.deepEqual(splitSplices('Pack your desks by Friday, the kitchen opens at 9 on Monday'), ['Pack your desks by Friday.', 'the kitchen opens at 9 on Monday']);
});

test('a condition and what follows it stay one sentence', (t) => {
  t.deepEqual(splitSplices('if it rains, we will move inside'), ['if it rains, we will move inside']);
  t.deepEqual(splitSplices('When the build is green, we deploy'), ['When the build is green, we deploy']);
});
