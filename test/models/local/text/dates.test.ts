import test from 'ava';
import { datedDays } from '../../../../models/local/text/dates.js';

test('a short day written in full where it can only be a day: before a date, a time, a part of the day, or after "on", "by", "due"', (t) => {
  t.is(datedDays('offsite moved to fri 14th'), 'offsite moved to Friday 14th');
  t.is(datedDays('pizza fri at 1pm'), 'pizza Friday at 1pm');
  t.is(datedDays('wed morning standup'), 'Wednesday morning standup');
  t.is(datedDays('send it by thu'), 'send it by Thursday');
});

test('opening hours, and words that may not be days, stay as typed', (t) => {
  t.is(datedDays('Mon-Fri 8am-6pm. Sat 9am-1pm.'), 'Mon-Fri 8am-6pm. Sat 9am-1pm.');
  t.is(datedDays('the sun is out'), 'the sun is out');
  t.is(datedDays('we sat 12 people at the table'), 'we sat 12 people at the table');
});
