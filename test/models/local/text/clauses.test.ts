import test from 'ava';
import { splitSplices } from '../../../../models/local/text/clauses.js';

test('two statements joined by a comma are two sentences', (t) => {
  t.deepEqual(splitSplices('Prices go up 10% on Jan 1, existing customers keep their price for 6 months'), ['Prices go up 10% on Jan 1.', 'existing customers keep their price for 6 months']);
});

test('a list, or a statement with fragments after it, stays one line', (t) => {
  for (const line of ['We shipped dark mode, export to CSV and faster search', 'The offsite moves to Friday the 14th, same place, bring laptops', 'Lisbon, Porto and Faro']) t.deepEqual(splitSplices(line), [line]);
});
