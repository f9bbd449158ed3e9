import test from 'ava';
import { commaList, listParts } from '../../../../models/local/document/listParts.js';

/** Lists as people type them into one sentence of a brief or a note. */

test('a labelled list is its label and one item per comma or semicolon', (t) => {
  t.deepEqual(listParts('Went well: shipped the billing page on time, pairing on the migration.'), { label: 'went well', parts: ['Shipped the billing page on time', 'Pairing on the migration'] });
  t.deepEqual(listParts("Didn't go well: flaky CI; too many meetings"), { label: "didn't go well", parts: ['Flaky CI', 'Too many meetings'] });
});

test('a label over one statement: a heading is its section, a weight stays in the statement', (t) => {
  t.deepEqual(listParts('Ideas: no-meeting Wednesdays.'), { label: 'ideas', parts: ['No-meeting Wednesdays.'] });
  t.deepEqual(listParts('Nice to have: a logo'), { label: 'nice to have', parts: ['Nice to have: a logo'] });
});

test('prose with a colon or commas stays one statement: speakers, message headers, clauses of their own, single words', (t) => {
  t.deepEqual(listParts('Maria: we ship on Friday, after the review.'), { parts: ['Maria: we ship on Friday, after the review.'] });
  t.deepEqual(listParts('From: Ana Costa'), { parts: ['From: Ana Costa'] });
  t.deepEqual(listParts('Update: we shipped the billing page, which took longer than planned.'), { label: 'update', parts: ['We shipped the billing page, which took longer than planned.'] });
  t.deepEqual(listParts('Agenda: pricing, hiring, the Q3 launch'), { label: 'agenda', parts: ['Pricing, hiring, the Q3 launch'] });
});

test('requirements said as who can or needs what are one item each', (t) => {
  t.deepEqual(listParts('users can turn on 2FA with an authenticator app, admins can require it for the whole workspace, and we need recovery codes.'), {
    parts: ['Users can turn on 2FA with an authenticator app', 'Admins can require it for the whole workspace', 'We need recovery codes'],
  });
  t.deepEqual(listParts('Reception needs to see who confirmed; patients can reply C to confirm or R to reschedule.'), { parts: ['Reception needs to see who confirmed', 'Patients can reply C to confirm or R to reschedule'] });
  t.deepEqual(listParts('Users can export and import invoices.'), { parts: ['Users can export and import invoices.'] });
});

test('phases listed one after another are one part each', (t) => {
  t.deepEqual(listParts('Q1 offline mode, Q2 push notifications and dark mode, Q3 Android tablet layout.'), { parts: ['Q1 offline mode', 'Q2 push notifications and dark mode', 'Q3 Android tablet layout'] });
  t.deepEqual(listParts('Phase 1 the API; phase 2 the app, then phase 3 the launch'), { parts: ['Phase 1 the API', 'phase 2 the app', 'phase 3 the launch'] });
});

test('three statements joined by commas are one part each; commas in brackets and two-part sentences stay', (t) => {
  t.deepEqual(listParts('we opened a second shop in Haarlem on 3 March, the sourdough course is back (Saturdays, 25 euros), and we now take orders on WhatsApp.'), {
    parts: ['We opened a second shop in Haarlem on 3 March', 'The sourdough course is back (Saturdays, 25 euros)', 'We now take orders on WhatsApp'],
  });
  t.deepEqual(listParts('We met on Monday, the day after the launch.'), { parts: ['We met on Monday, the day after the launch.'] });
  // News as people type it: a subject of up to three words, then "starts", "open", "begins".
  t.deepEqual(listParts('we moved to a bigger kitchen, new sunday brunch starts oct 8, holiday bookings open now'), {
    parts: ['We moved to a bigger kitchen', 'New sunday brunch starts oct 8', 'Holiday bookings open now'],
  });
});

test('three instructions or more joined by commas are a step each; a sentence of past deeds is not', (t) => {
  t.deepEqual(listParts('go to Settings, click Security, choose Reset password, and check your inbox for the link.'), { parts: ['Go to Settings', 'Click Security', 'Choose Reset password', 'Check your inbox for the link'] });
  t.deepEqual(listParts('We shipped it, tested it, and released it.'), { parts: ['We shipped it, tested it, and released it.'] });
});

test('what an ask lists after its colon: three short parts or more, one each; prose stays whole', (t) => {
  t.deepEqual(commaList('100 requests per minute per key, return 429 with Retry-After, counts kept in Redis, and admins can raise the limit per workspace.'), ['100 requests per minute per key', 'Return 429 with Retry-After', 'Counts kept in Redis', 'Admins can raise the limit per workspace']);
  t.is(commaList('the venue fell through, which means we need a new one by Friday, sadly'), undefined);
  t.is(commaList('offline mode and dark mode'), undefined);
});

test('a singular label heads one statement, a plural label a list: "concern: a, b" is one concern, "concerns: a, b" two', (t) => {
  t.deepEqual(listParts('concern: burn is up 20%, runway 14 months'), { label: 'concern', parts: ['Burn is up 20%, runway 14 months'] });
  t.deepEqual(listParts('concerns: burn is up 20%, hiring is slow'), { label: 'concerns', parts: ['Burn is up 20%', 'Hiring is slow'] });
});
