import test from 'ava';
import { revisions } from './helpers.js';

/** Feedback that names a part by where it is: "drop the last paragraph", "cut the intro", "remove the last point". */

const email = { brief: 'email to the team: the all-hands moves to friday at 4pm in the big meeting room, pizza after. Bring your laptop. Parking is in lot B.' };

test('"drop the last paragraph" of an email removes its last body paragraph; the call to action, greeting and sign-off stay', async (t) => {
  const { original, revised: [after] } = await revisions('writer', email, 'drop the last paragraph');
  t.regex(original, /Parking is in lot B\./);
  t.notRegex(after!.content, /Parking/);
  t.regex(after!.content, /^Bring your laptop\.$/m);
  t.regex(after!.content, /^Hi team,$/m);
  t.regex(after!.content, /^\*\*Reply to this email with any question\.\*\*$/m);
  t.regex(after!.content, /^Kind regards,$/m);
  t.deepEqual(after!.applied, ['remove: the last paragraph']);
});

test('"drop the last paragraph" of a cover letter removes its closing paragraph and keeps the sign-off', async (t) => {
  const { revised: [after] } = await revisions('writer', { brief: 'cover letter for a product manager role at Figma, I have 5 years at Stripe leading payments onboarding, grew activation 25%' }, 'drop the last paragraph');
  t.notRegex(after!.content, /welcome the chance/);
  t.regex(after!.content, /^I have 5 years at Stripe/m);
  t.regex(after!.content, /^Dear Hiring Manager,$/m);
  t.regex(after!.content, /^Sincerely,$/m);
});

test('"cut the intro" of a blog post removes the paragraph before its first section, and keeps the title and sections', async (t) => {
  const { original, revised: [after] } = await revisions('writer', { brief: 'blog post about why we moved our CI from jenkins to github actions: builds went from 20 min to 6 min, cost dropped 40%, fewer flaky tests' }, 'cut the intro');
  const opening = /^# .+\n\n(.+)$/m.exec(original)![1]!;
  t.false(after!.content.includes(opening));
  t.regex(after!.content, /^# Why we moved our CI/m);
  t.regex(after!.content, /Cost dropped 40%/);
  t.deepEqual(after!.applied, ['remove: the intro']);
});

test('"remove the last point" removes one list item, not a line about "last", and "drop the first bullet" is not a request for bullets', async (t) => {
  const notes = { brief: 'release notes for v2.3: added dark mode, search is 2x faster, fixed login bug on safari, removed legacy export' };
  const { original, revised: [last] } = await revisions('writer', notes, 'remove the last point');
  const items = original.split('\n').filter((line) => line.startsWith('- '));
  t.false(last!.content.includes(items.at(-1)!));
  t.true(last!.content.includes(items[0]!));
  const { revised: [first] } = await revisions('writer', notes, 'drop the first bullet');
  t.false(first!.content.includes(items[0]!));
  t.deepEqual(first!.notApplied, []);
});

test('a one-paragraph note asked to "drop the last paragraph" says it would leave nothing, and is not returned as if changed', async (t) => {
  const { revised: [after] } = await revisions('writer', { brief: 'email to the team: the office is closed on monday' }, 'drop the last paragraph');
  t.deepEqual(after!.applied, []);
  t.true(after!.notApplied.some((entry) => /leave nothing/.test(entry.reason)));
});

test('"drop the last line" removes the email\'s last body sentence; it is never the same email with nothing reported', async (t) => {
  const { revised: [after] } = await revisions('writer', { brief: 'email to the team: the all-hands moves to friday at 4pm. Bring your laptop.' }, 'drop the last line');
  t.notRegex(after!.content, /Bring your laptop/);
  t.regex(after!.content, /^The all-hands moves to Friday at 4pm\.$/m);
  t.deepEqual(after!.applied, ['remove: the last line']);
});

test('"cut the intro" after "add a line at the top: ..." removes the line it added above the release notes\' lists', async (t) => {
  const notes = { brief: 'release notes for v2.4', context: '- new: bulk edit\n- new: keyboard shortcuts\n- fixed: emails sent twice\n- improved: search speed 2x' };
  const { original, revised: [friendly, cut] } = await revisions('pilot', notes, 'add a line at the top: Thanks for all your feedback this month', 'cut the intro');
  t.regex(friendly!.content, /^# v2\.4: release notes\n\nThanks for all your feedback this month\.\n\n## New/);
  t.is(cut!.content, original.trim());
  t.deepEqual(cut!.applied, ['remove: the intro']);
});

test('"cut the intro" keeps what is no intro: a summary\'s participants, an email\'s news line', async (t) => {
  const meeting = { brief: 'summarize the meeting', context: 'Product sync\nAttendees: Priya, Tom\n- Priya will update the pricing page by Friday\n- We decided to delay the mobile release to April' };
  const { original, revised: [summary] } = await revisions('mind', meeting, 'cut the intro');
  t.is(summary!.content, original);
  t.regex(summary!.notApplied[0]!.reason, /has no intro: it opens with its "Summary" section/);
  const prices = { brief: 'email to our customers: we are raising prices on april 1, pro goes from $20 to $25' };
  const { original: letter, revised: [kept] } = await revisions('writer', prices, 'cut the intro');
  t.is(kept!.content, letter);
  t.regex(kept!.notApplied[0]!.reason, /opens with its news \("We are raising prices on April 1\."\)/);
});

test('"swap the order of the last two" with no unit named swaps the last two points of a meeting summary', async (t) => {
  const { revised: [after] } = await revisions('mind', { brief: 'summarize our weekly sync', context: 'launch moves to april 2, dana to tell sales. budget: we have $20k left for q2, lee to draft the plan by friday. hiring: one backend role open, sam runs interviews.' }, 'swap the order of the last two');
  t.regex(after!.content, /- Hiring: one backend role open, sam runs interviews\.\n- Budget: we have \$20k left for Q2/);
  t.deepEqual(after!.applied, ['order: swap the last two points']);
});
