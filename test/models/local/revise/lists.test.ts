import test from 'ava';
import { revisions } from './helpers.js';

/** Lists as people ask for them in a revision. */

const move = { brief: 'email to the team: we move to the new office on march 3', context: 'The new office is at 12 King Street. Parking is free in the basement after 6pm. Movers come on saturday.' };
const meeting = { brief: 'summarize the meeting and pull out action items', context: 'Product sync, Tuesday\nAttendees: Priya, Tom, Lena\n- Priya will update the pricing page by Friday\n- Tom owns the launch email, due Monday\n- We decided to delay the mobile release to April\n- Lena asked whether we need legal review; no answer yet' };

test('"add a bullet list of what to pack: ..." adds that list before the closing, and leaves the body\'s sentences as they are', async (t) => {
  const { revised: [after] } = await revisions('writer', move, 'add a bullet list of what to pack: laptop, charger and headphones');
  t.regex(after!.content, /Movers come on Saturday\.\n\nWhat to pack:\n\n- Laptop\n- Charger\n- Headphones\n\n\*\*Reply/);
  t.regex(after!.content, /^The new office is at 12 King Street\.$/m, 'the body is not turned into bullets');
  t.deepEqual(after!.applied, ['add list: What to pack: laptop, charger, headphones']);
});

test('"number the points" numbers an email\'s points after its opening line', async (t) => {
  const { revised: [after] } = await revisions('writer', move, 'number the points');
  t.regex(after!.content, /We move to the new office on March 3\.\n\n1\. The new office is at 12 King Street\.\n2\. Parking is free in the basement after 6pm\.\n3\. Movers come on Saturday\./);
});

test('"turn the action items into a table" gives owner, task and due a column each', async (t) => {
  const { revised: [after] } = await revisions('mind', meeting, 'turn the action items into a table');
  t.regex(after!.content, /## Action items\n\n\| Owner \| Task \| Due \|\n\| --- \| --- \| --- \|\n\| Priya \| Update the pricing page \| Friday \|\n\| Tom \| Own the launch email \| Monday \|/);
  t.is((after!.deliverable.data.action_items as unknown[]).length, 2, 'the data keeps its items');
});

test('"make the summary one paragraph" writes that section\'s bullets as sentences, and only that section\'s', async (t) => {
  const { revised: [after] } = await revisions('mind', meeting, 'make the summary one paragraph');
  t.regex(after!.content, /## Summary\n\nWe decided to delay the mobile release to April\. Lena asked whether we need legal review; no answer yet\.\n/);
  t.regex(after!.content, /## Decisions\n\n- We decided/);
});

test('"mark Priya\'s item as done" ticks her box only', async (t) => {
  const { revised: [after] } = await revisions('mind', meeting, "mark Priya's item as done");
  t.regex(after!.content, /^- \[x\] \*\*Priya\*\*: Update the pricing page/m);
  t.regex(after!.content, /^- \[ \] \*\*Tom\*\*/m);
  t.deepEqual(after!.applied, ['done: Priya']);
});
