import test from 'ava';
import { createConversation } from '../../../../models/local/mind/conversation.js';
import { outcome } from '../document/helpers.js';

/** Work taken on by pointing at it in a call: "I'll do it", "can you own that?", "pricing is on me". */

const call = `Sam: ok so for the launch we need the landing page done by the 12th
Priya: I can take the landing page
Sam: great. and someone needs to write the press release
Leo: I'll do it, but I need the final pricing first
Sam: pricing is on me, I'll send it tomorrow
Priya: also we should test the checkout flow on mobile before launch
Sam: agreed, Leo can you own that?
Leo: yep`;

test('"pull out the action items" of a call: each task as the work it points at, with its date and owner, titled "Action items"', async (t) => {
  const result = await outcome('mind', { brief: 'pull out the action items', context: call });
  if (result.deliverable.kind !== 'meeting_summary') return t.fail(result.deliverable.kind);
  t.deepEqual(result.deliverable.data.action_items, [
    { owner: 'Priya', task: 'Take the landing page', due: 'the 12th' },
    { owner: 'Leo', task: 'Write the press release', due: null },
    { owner: 'Sam', task: 'Send the pricing', due: 'tomorrow' },
    { owner: 'Leo', task: 'Test the checkout flow on mobile before launch', due: null },
  ]);
  t.is(result.deliverable.data.title, 'Action items');
  t.notRegex(result.content, /^- Great$/m);
});

test('a turn is read with the need said before it; a pointer with nothing before it is left as said', (t) => {
  const conversation = createConversation();
  t.is(conversation.turn('I can do that', 'Ana'), 'I can do that');
  t.is(conversation.turn('someone has to book the venue by friday', 'Sam'), 'someone has to book the venue by friday');
  t.is(conversation.turn("I'll handle it", 'Ana'), "I'll book the venue by friday");
  t.is(conversation.turn('the budget is on me', 'Tom'), "I'll handle the budget");
});

test('an email thread\'s "I will own it" after "the blog post must go out the same day" owns the blog post', async (t) => {
  const result = await outcome('mind', {
    brief: 'summarise this email thread',
    context: 'From: Dana\nHi all, can we move the launch to the 14th? Legal needs more time on the terms.\n\nFrom: Lee\nFine by me. I will tell the press contacts.\n\nFrom: Sam\nOk, but the blog post must go out the same day. I will own it.',
  });
  if (result.deliverable.kind !== 'meeting_summary') return t.fail(result.deliverable.kind);
  t.deepEqual(result.deliverable.data.action_items.map((item) => [item.owner, item.task]), [
    ['Lee', 'Tell the press contacts'],
    ['Sam', 'Own the blog post'],
  ]);
});
