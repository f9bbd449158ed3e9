import test from 'ava';
import { revisions } from './helpers.js';

/** "make it more urgent", "sound more urgent": before `general_feedback` and nothing changed; now the ask and its date lead, the title says so, and no date is made up. */

const move = { brief: 'email to the team: we move to the new office on march 3', context: 'The new office is at 12 King Street. Parking is in the basement, level -2. Please pack your desks by February 28.' };
const meeting = { brief: 'summarize the meeting and pull out action items', context: 'Product sync, Tuesday\nAttendees: Priya, Tom, Lena\n- Priya will update the pricing page by Friday\n- Tom owns the launch email, due Monday\n- We decided to delay the mobile release to April\n- Lena asked whether we need legal review; no answer yet' };

test('"make it more urgent" on an email: the subject says "Action needed by February 28" and "Please pack your desks by February 28." opens the body', async (t) => {
  const { revised: [after] } = await revisions('writer', move, 'make it more urgent');
  const lines = after!.content.split('\n').filter((line) => line.trim() !== '');
  t.deepEqual(lines.slice(0, 4), ['**Subject:** Action needed by February 28: We move to the new office on March 3', 'Hi team,', 'Please pack your desks by February 28.', 'We move to the new office on March 3.']);
  // Said once: the ask moved, it is not also the closing line.
  t.is(after!.content.match(/pack your desks/g)?.length, 1);
});

test('"sound more urgent" on a meeting summary: each owner asked by their date under the title, which says "action needed by Friday"', async (t) => {
  const { revised: [after] } = await revisions('mind', meeting, 'sound more urgent');
  t.regex(after!.content, /^# Meeting summary: Product Sync, Tuesday \(action needed by Friday\)\n\nPriya, please update the pricing page by Friday\. Tom, please own the launch email by Monday\.\n\n## Summary/);
  // The action items stay in their list.
  t.regex(after!.content, /- \[ \] \*\*Priya\*\*: Update the pricing page \(due Friday\)/);
});

test('"make it more urgent" on a document that asks nothing by no date changes nothing and says why (no made-up deadline)', async (t) => {
  const lisbon = { brief: 'linkedin post: we are opening a new office in lisbon in march, hiring 10 engineers', context: 'we chose lisbon for the time zone and the talent.' };
  const { original, revised: [after] } = await revisions('writer', lisbon, 'make it more urgent');
  t.is(after!.content, original);
  t.deepEqual(after!.notApplied, [{ part: 'more urgent', reason: 'the document asks the reader nothing and gives no deadline; say what they need to do by when (e.g. "add: please reply by Friday")' }]);
});
