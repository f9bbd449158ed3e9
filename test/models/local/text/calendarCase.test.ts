import test from 'ava';
import { calendarCase } from '../../../../models/local/text/phrases.js';

test('days and months typed in lower case get their capital, abbreviated months before a day too', (t) => {
  t.is(calendarCase('2 engineers started monday'), '2 engineers started Monday');
  t.is(calendarCase('launch on track for march 3'), 'launch on track for March 3');
  t.is(calendarCase('new sunday brunch starts oct 8'), 'new Sunday brunch starts Oct 8');
  t.is(calendarCase('closed dec 24-26, back jan 2'), 'closed Dec 24-26, back Jan 2');
  t.is(calendarCase('kickoff sept 12'), 'kickoff Sept 12');
});

test('words that only look like a month stay as typed', (t) => {
  t.is(calendarCase('oct was a good month for us'), 'oct was a good month for us', 'no day after it');
  t.is(calendarCase('this may take 3 days'), 'this may take 3 days', '"may" before a number of days is the verb');
});

test('a month after "in", "since", "by" is a month, whatever follows it; "I may go" keeps its verb', (t) => {
  t.is(calendarCase('pricing page changed in august (annual shown first)'), 'pricing page changed in August (annual shown first)');
  t.is(calendarCase('more signups since aug'), 'more signups since Aug');
  t.is(calendarCase('I may go, and we march on'), 'I may go, and we march on');
});
