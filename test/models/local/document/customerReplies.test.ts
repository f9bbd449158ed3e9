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

test('a post or email "about our new office in lisbon opening in march" says it ("Our new office in Lisbon opens in March."), not an outline', async (t) => {
  const post = await outcome('writer', { brief: 'write a short linkedin post about our new office in lisbon opening in march' });
  if (post.deliverable.kind !== 'social_posts') return t.fail(post.deliverable.kind);
  t.is(post.draftKind, 'grounded');
  t.regex(post.deliverable.data.posts[0]!.text, /Our new office in Lisbon opens in March\./);
  t.regex(post.deliverable.data.posts[0]!.text, /come and say hello/);
  const email = await outcome('writer', { brief: 'email to customers about our support hours changing from monday' });
  if (email.deliverable.kind !== 'email') return t.fail(email.deliverable.kind);
  t.deepEqual(email.deliverable.data.body, ['Our support hours change from Monday.']);
  t.is(email.deliverable.data.subject, 'Support hours change from Monday');
});

test('"reply to this customer complaint, apologise and offer a refund": the reply apologises and offers the refund, and does not repeat the complaint', async (t) => {
  const context = 'hi, i ordered the blue jacket 2 weeks ago (order #4821) and it still hasnt arrived. this is ridiculous. - maria lopez';
  for (const brief of ['reply to this customer complaint, apologise and offer a refund', 'reply to this complaint apologising and offering a refund']) {
    const result = await outcome('writer', { brief, context });
    t.regex(result.content, /^\*\*Subject:\*\* Re: your order #4821$/m, brief);
    t.regex(result.content, /sorry/i, brief);
    t.regex(result.content, /^We would like to offer you a refund\.$/m, brief);
    t.notRegex(result.content, /ridiculous|i ordered|apologise and offer/i, brief);
  }
});

test('"reply to this customer: "my order #4412 arrived damaged, the mug is cracked"" with the answer in the notes: an apology in their words, then the notes, never their message pasted back', async (t) => {
  const result = await outcome('writer', { brief: 'reply to this customer: "my order #4412 arrived damaged, the mug is cracked"', context: 'we will send a replacement free, no need to return it, ships in 2 days' });
  t.regex(result.content, /^\*\*Subject:\*\* Re: your order #4412\n/);
  t.regex(result.content, /We are sorry that your order #4412 arrived damaged and the mug is cracked\.\n\nWe will send a replacement free\./);
  t.regex(result.content, /ships in 2 days/);
  t.notRegex(result.content, /"my order|about customer/);
  t.is(result.content.match(/We are sorry/g)?.length, 1);
});
