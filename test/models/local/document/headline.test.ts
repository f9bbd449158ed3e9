import test from 'ava';
import { headlineOf } from '../../../../models/local/document/headline.js';
import { listParts } from '../../../../models/local/document/listParts.js';

/** A news line's headline, from its own words. */

test('a headline is the line up to its aside, without its article; thanks are "Thank you"; a request is what it asks', (t) => {
  t.is(headlineOf('The pool reopens on 3 March after the retiling.'), 'Pool reopens on 3 March');
  t.is(headlineOf('The annual general meeting is on 20 March, 8pm in the clubhouse.'), 'Annual general meeting on 20 March');
  t.is(headlineOf('Our choir needs two more tenors - talk to Margaret after Sunday service.'), 'Choir needs two more tenors');
  t.is(headlineOf('Thanks to everyone who helped at the winter fair, we raised 2,340 euros.'), 'Thank you');
  t.is(headlineOf('Please submit expenses by Friday.'), 'Submit expenses by Friday');
});

test('a line with no aside is headed by its subject, not repeated whole; a one-word subject leaves a short line as it is', (t) => {
  t.is(headlineOf('Membership fees go up by 5% from April.'), 'Membership fees');
  t.is(headlineOf('Priya joined as Head of Design.'), 'Priya joined as Head of Design');
});

test('"Reminder: the AGM is on 20 March, 8pm in the clubhouse" is one statement with its time and place, not a list of two', (t) => {
  t.deepEqual(listParts('Reminder: the AGM is on 20 March, 8pm in the clubhouse.'), { label: 'reminder', parts: ['The AGM is on 20 March, 8pm in the clubhouse.'] });
  t.deepEqual(listParts('Went well: shipped the billing page on time, pairing on the migration.').parts, ['Shipped the billing page on time', 'Pairing on the migration']);
});

test('a headline is never cut before its figure or out of the middle of its line', (t) => {
  t.is(headlineOf("we're closed Oct 31 for a staff party"), 'Closed Oct 31 for a staff party');
  t.is(headlineOf('new barista sam joins from portland'), 'New barista sam joins from portland');
  t.is(headlineOf('our summer sale runs from July 1 to July 14 on all plants'), 'Summer sale');
});
