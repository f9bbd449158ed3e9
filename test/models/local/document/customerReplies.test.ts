import test from 'ava';
import { outcome } from './helpers.js';

/** Replies to a customer's message pasted as context, asked as support staff ask for them. */

const complaint = 'Hi, I was charged twice for my order #4821 last week. This is really frustrating, please fix it asap. - Karen';

test('"reply to this customer, apologize and say ...": the apology in the customer\'s own words, the answer, their name; the complaint is not repeated', async (t) => {
  const result = await outcome('writer', { brief: 'reply to this customer, apologize and say refund is processed, 3-5 business days', context: complaint });
  if (result.deliverable.kind !== 'email') return t.fail(result.deliverable.kind);
  const email = result.deliverable.data;
  t.is(email.subject, 'Re: your order #4821');
  t.is(email.greeting, 'Hi Karen,');
  t.deepEqual(email.body, ["I'm sorry you were charged twice for your order #4821 last week.", 'Your refund is processed (3-5 business days).']);
  t.notRegex(result.content, /frustrating|please fix/i);
});

test('a reply asked "and tell him ..." answers with that alone, greeting whoever signed the message', async (t) => {
  const result = await outcome('writer', { brief: 'write a reply to this and tell him the replacement ships tomorrow', context: 'Hello,\nmy package arrived damaged, the lamp is broken. I want a replacement.\n\nThanks,\nTom' });
  if (result.deliverable.kind !== 'email') return t.fail(result.deliverable.kind);
  t.is(result.deliverable.data.greeting, 'Hi Tom,');
  t.deepEqual(result.deliverable.data.body, ['The replacement ships tomorrow.']);
});
