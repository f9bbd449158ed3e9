import test from 'ava';
import { revisions } from './helpers.js';

/** "make Tom's item due Tuesday instead": one person's due date changes; the others keep theirs. */

const meeting = {
  brief: 'summarize the meeting and pull out action items',
  context: 'Product sync, Tuesday\nAttendees: Priya, Tom, Lena\n- Priya will update the pricing page by Friday\n- Tom owns the launch email, due Monday\n- Lena will book the venue by Monday\n- We decided to delay the mobile release to April',
};

test('"make Tom\'s item due Tuesday instead" moves Tom\'s date only, in the summary and its data', async (t) => {
  const { original, revised: [after] } = await revisions('mind', meeting, "make Tom's item due Tuesday instead");
  t.regex(original, /\*\*Tom\*\*: .*\(due Monday\)/);
  t.regex(after!.content, /\*\*Tom\*\*: .*\(due Tuesday\)/);
  t.regex(after!.content, /\*\*Lena\*\*: .*\(due Monday\)/, 'another item due the same day keeps its date');
  t.regex(after!.content, /\*\*Priya\*\*: .*\(due Friday\)/);
  t.deepEqual(after!.applied, ['due date: Tom Tuesday']);
  const items = after!.deliverable.data.action_items as Array<{ owner: string; due: string }>;
  t.is(items.find((item) => item.owner === 'Tom')?.due, 'Tuesday');
  t.is(items.find((item) => item.owner === 'Lena')?.due, 'Monday');
});

test('"give priya until next monday" is read with the name in lower case', async (t) => {
  const { revised: [after] } = await revisions('mind', meeting, 'give priya until next monday');
  t.regex(after!.content, /\*\*Priya\*\*: .*\(due next Monday\)/);
  t.deepEqual(after!.notApplied, []);
});

test('a person with no item is reported, and nothing changes', async (t) => {
  const { revised: [after] } = await revisions('mind', meeting, "make Sam's task due Friday");
  t.deepEqual(after!.applied, []);
  t.regex(after!.notApplied[0]!.reason, /no item owned by Sam/);
});
