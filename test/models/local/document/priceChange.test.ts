import test from 'ava';
import { priceChangeOf } from '../../../../models/local/document/priceChange.js';
import { outcome } from './helpers.js';

/** Notices that state their news: a customer-facing email with the facts as given, never a blog post of the ask. */

test('a price change is read from the ask: what, from, to and when', (t) => {
  t.deepEqual(priceChangeOf('price change notice: pro plan goes from $20 to $25 on march 1'), { product: 'the Pro plan', from: '$20', to: '$25', when: 'March 1' });
  t.deepEqual(priceChangeOf('email customers about the price increase from 9 to 12 dollars/month starting june 1'), { from: '9', to: '12 dollars/month', when: 'June 1' });
  t.deepEqual(priceChangeOf('tell users prices go up from €5 to €7 per month in april'), { from: '€5', to: '€7 per month', when: 'April' });
  t.is(priceChangeOf('email the team about the offsite'), undefined);
});

test('"price change notice: pro plan goes from $20 to $25 on march 1" is an email to customers with the facts right', async (t) => {
  const result = await outcome('writer', { brief: 'price change notice: pro plan goes from $20 to $25 on march 1' });
  t.is(result.deliverable.kind, 'email');
  t.is(result.draftKind, 'grounded');
  t.regex(result.content, /^\*\*Subject:\*\* Pro plan price change from March 1\n/);
  t.regex(result.content, /We are writing to let you know that the price of the Pro plan changes from \$20 to \$25 on March 1\.\n\nUntil then, you keep paying \$20\./);
  t.notRegex(result.content, /^# |any question about/m);
});

test('an email about a price increase typed in one line is written, not outlined; a bare figure takes the unit beside it', async (t) => {
  const result = await outcome('writer', { brief: 'email customers about the price increase from 9 to 12 dollars/month starting june 1' });
  t.is(result.draftKind, 'grounded');
  t.regex(result.content, /^Dear customers,$/m);
  t.regex(result.content, /changes from 9 to 12 dollars\/month on June 1\.\n\nUntil then, you keep paying 9 dollars\/month\./);
});

test('"maintenance notice, app down saturday 2-4am": the comma after the notice opens its facts; the call to action is not "about" them', async (t) => {
  const result = await outcome('writer', { brief: 'maintenance notice, app down saturday 2-4am' });
  t.is(result.deliverable.kind, 'email');
  t.regex(result.content, /^\*\*Subject:\*\* App down Saturday 2-4am\n\nHello,\n\nThe app is down Saturday 2-4am\.\n\n\*\*Reply to this email with any question\.\*\*/);
});
