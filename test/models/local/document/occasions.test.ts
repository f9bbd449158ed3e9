import test from 'ava';
import { outcome } from './helpers.js';

/** Notes for an occasion, typed in one line: thanks to a service provider, congratulations to a colleague. */

test('"thank you email to the caterers for friday\'s offsite, food was great, everyone loved the tacos": the thanks, then what the ask says of it', async (t) => {
  const result = await outcome('writer', { brief: "thank you email to the caterers for friday's offsite, food was great, everyone loved the tacos" });
  if (result.deliverable.kind !== 'email') return t.fail(result.deliverable.kind);
  t.is(result.deliverable.data.subject, "Thank you for Friday's offsite");
  t.is(result.deliverable.data.greeting, 'Dear caterers,');
  t.deepEqual(result.deliverable.data.body, ["Thank you for Friday's offsite.", 'The food was great, and everyone loved the tacos.']);
});

test('"congrats email to sam on the promotion to engineering manager" congratulates Sam on his promotion, by name', async (t) => {
  const result = await outcome('writer', { brief: 'congrats email to sam on the promotion to engineering manager' });
  if (result.deliverable.kind !== 'email') return t.fail(result.deliverable.kind);
  t.is(result.draftKind, 'grounded');
  t.is(result.deliverable.data.subject, 'Congratulations on your promotion to engineering manager');
  t.is(result.deliverable.data.greeting, 'Hi Sam,');
  t.is(result.deliverable.data.body[0], 'Congratulations on your promotion to engineering manager!');
  const her = await outcome('writer', { brief: 'congratulate priya on her promotion to senior designer' });
  t.regex(her.content, /^Hi Priya,$/m);
  t.regex(her.content, /^Congratulations on your promotion to senior designer!$/m);
});

test('"thank you note to the caterers" over notes thanks the caterers and says the notes as sentences to them', async (t) => {
  const result = await outcome('writer', { brief: 'thank you note to the caterers', context: 'food was amazing\nthe vegan options were a hit\nserved 120 people on time' });
  t.regex(result.content, /^\*\*Subject:\*\* A thank you to our caterers$/m);
  t.regex(result.content, /^Dear caterers,$/m);
  t.regex(result.content, /^We want to say thank you\.$/m);
  t.regex(result.content, /^The food was amazing\.$/m);
  t.regex(result.content, /^You served 120 people on time\.$/m);
  t.regex(result.content, /^\*\*Thank you again\.\*\*$/m);
  t.notRegex(result.content, /Caterers$|any question/m);
});
