import test from 'ava';
import { personCase } from '../../../../models/local/text/people.js';

/** First names typed in lower case, written with their capitals where a line names a person. */

test('who commits to a task at a line\'s start is named with a capital, even a name the lexicon does not know', (t) => {
  t.is(personCase('priya will send the deck fri'), 'Priya will send the deck fri');
  t.is(personCase('zanele to book the room'), 'Zanele to book the room');
  t.is(personCase('kwame owns the launch email'), 'Kwame owns the launch email');
  // A thing that will happen, or a word the lexicon knows, stays a word.
  t.is(personCase('billing will go live monday'), 'billing will go live monday');
  t.is(personCase('deck will be ready fri'), 'deck will be ready fri');
  t.is(personCase('design to review the mockups'), 'design to review the mockups');
});

test('a newcomer named after their new role ("new barista sam joins") gets a capital; a thing after "new" does not', (t) => {
  t.is(personCase('new barista sam joins from portland'), 'new barista Sam joins from portland');
  t.is(personCase('new espresso machine is here'), 'new espresso machine is here');
});
