import test from 'ava';
import { placeCase } from '../../../../models/local/text/places.js';

/** Cities and countries typed in lower case, written with their capitals where a place is named. */

test('a city or country after "in", "to", "from" gets its capital; ordinary words there stay as typed', (t) => {
  t.is(placeCase('team offsite in lisbon'), 'team offsite in Lisbon');
  t.is(placeCase('flights from london to porto'), 'flights from London to Porto');
  t.is(placeCase('expanding to portugal next year'), 'expanding to Portugal next year');
  t.is(placeCase('a nice walk in reading time'), 'a nice walk in reading time');
  t.is(placeCase('lisbon is lovely'), 'lisbon is lovely');
  t.is(placeCase('new office in austin, lunch with will in may'), 'new office in Austin, lunch with will in may');
});

test('a city naming one of the sender\'s sites ("at the lisbon office") gets its capital; "the nice people" stays as typed', (t) => {
  t.is(placeCase('holiday party at the lisbon office'), 'holiday party at the Lisbon office');
  t.is(placeCase('sam moved to the berlin team'), 'sam moved to the Berlin team');
  t.is(placeCase('thanks to the nice people'), 'thanks to the nice people');
});
