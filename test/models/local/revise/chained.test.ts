import test from 'ava';
import { changesRequested } from '../../../../models/revisionRequest.js';
import { revisions } from './helpers.js';

/** Revisions one after another: each starts from the one before, its deliverable too; and what each did is named. */

const bugs = { brief: 'write tickets for these bugs', context: '- coupon field rejects lowercase codes\n- the pay button is hidden on mobile\n- receipts email goes to spam' };
const designSync = {
  brief: "summary of today's design sync",
  context: 'we agreed to ship the new onboarding on May 5\nPriya will update the style guide by Thursday\nbudget for user testing is $4,000\nwe chatted about the holiday party\nsomeone should check the contrast ratios, no owner yet',
};
type Titled = { title: string };
type Action = { owner: string | null; task: string; due: string | null };

test('a ticket added in one revision is still in the deliverable after the next ("make it more formal")', async (t) => {
  const { revised: [, formal] } = await revisions('pilot', bugs, 'add a ticket: export to CSV', 'make it more formal');
  t.is((formal!.deliverable.data.tickets as Titled[]).at(-1)!.title, 'Export to CSV');
});

test('a ticket added, then moved first: the deliverable has all four tickets, the moved one first', async (t) => {
  const { revised: [, moved] } = await revisions('pilot', bugs, 'add a ticket: export to CSV', 'move the receipts ticket first');
  t.deepEqual((moved!.deliverable.data.tickets as Titled[]).map((ticket) => ticket.title), ['Receipts email goes to spam', 'Coupon field rejects lowercase codes', 'The pay button is hidden on mobile', 'Export to CSV']);
});

test('"add an action item: Dana to book the room by Friday" adds it like the other action items, with owner and due date', async (t) => {
  const { revised: [added] } = await revisions('mind', designSync, 'add an action item: Dana to book the room by Friday');
  t.regex(added!.content, /- \[ \] \*\*Priya\*\*: Update the style guide \(due Thursday\)\n- \[ \] \*\*Dana\*\*: Book the room \(due Friday\)/);
  t.deepEqual(added!.applied, ['add action item: Dana to book the room by Friday']);
  t.deepEqual(added!.notApplied, []);
  t.deepEqual((added!.deliverable.data.action_items as Action[]).at(-1), { owner: 'Dana', task: 'book the room', due: 'Friday' });
});

test('an action item added, then "shorter": the shorter summary and its deliverable keep it, and the decision stays under Decisions', async (t) => {
  const { revised: [, shorter] } = await revisions('mind', designSync, 'add an action item: Dana to book the room by Friday', 'shorter');
  t.regex(shorter!.content, /\*\*Dana\*\*: Book the room/);
  t.regex(shorter!.content, /## Decisions\n\n- We agreed to ship the new onboarding on May 5/);
  t.true((shorter!.deliverable.data.action_items as Action[]).some((item) => item.owner === 'Dana'));
});

test('the revision record names the edit asked for: a ticket, an action item, a move, a removal, bullets, a signature', (t) => {
  t.deepEqual(changesRequested('add a ticket: export to CSV'), ['add_ticket']);
  t.deepEqual(changesRequested('add an action item: Dana to book the room by Friday'), ['add_action_item']);
  t.deepEqual(changesRequested('move the pricing section first'), ['reorder']);
  t.deepEqual(changesRequested('drop the part about pricing'), ['remove_part']);
  t.deepEqual(changesRequested('use bullet points'), ['restructure']);
  t.deepEqual(changesRequested('sign it from Maria'), ['sign_off']);
  t.deepEqual(changesRequested('make it pop'), ['general_feedback']);
});
