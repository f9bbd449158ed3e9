import test from 'ava';
import { revisions } from './helpers.js';

/** "turn this into an email to the team", "make this an email to everyone": before `general_feedback` and nothing changed on every document. */

const meeting = { brief: 'summarize the meeting and pull out action items', context: 'Product sync, Tuesday\nAttendees: Priya, Tom, Lena\n- Priya will update the pricing page by Friday\n- Tom owns the launch email, due Monday\n- We decided to delay the mobile release to April\n- Lena asked whether we need legal review; no answer yet' };
const lisbon = { brief: 'linkedin post: we are opening a new office in lisbon in march, hiring 10 engineers', context: 'we chose lisbon for the time zone and the talent. pricing for our product stays the same.' };
const invites = { brief: 'PRD for team invites', context: 'admins invite teammates by email\ninvites expire after 7 days\npricing: each seat is $8 per month, billed monthly\nlaunch on June 10' };
const tickets = { brief: 'write tickets: 1) export button hidden on mobile safari 2) csv export times out for accounts over 10k rows 3) dark mode toggle doesnt save' };

test('"turn this into an email to the team" on a meeting summary: subject, "Hi team,", its lines once, a call to reply for the action items and the open question, a sign-off', async (t) => {
  const { revised: [after] } = await revisions('mind', meeting, 'turn this into an email to the team');
  t.is(after!.content.trim(), [
    '**Subject:** Meeting summary: Product Sync, Tuesday',
    'Hi team,',
    '- We decided to delay the mobile release to April\n- Lena asked whether we need legal review; no answer yet',
    'Action items:',
    '- **Priya**: Update the pricing page (due Friday)\n- **Tom**: Own the launch email (due Monday)',
    'Participants: Priya, Tom, Lena.',
    '**Please reply to confirm your action items, and if you can answer the open question.**',
    'Thanks,',
  ].join('\n\n'));
  t.deepEqual(after!.notApplied, []);
  // The summary's data (its action items for a tracker) stays what it describes.
  t.is(after!.deliverable.kind, 'meeting_summary');
});

test('"make this an email to everyone" on a post: its news line as the subject, "Hi everyone,", no hashtags, and the deliverable is an email', async (t) => {
  const { revised: [after] } = await revisions('writer', lisbon, 'make this an email to everyone');
  t.is(after!.content.trim(), [
    '**Subject:** We are opening a new office in Lisbon in March, hiring 10 engineers',
    'Hi everyone,',
    'We are opening a new office in Lisbon in March, hiring 10 engineers.',
    'We chose lisbon for the time zone and the talent.',
    'Pricing for our product stays the same.',
    'Thanks,',
  ].join('\n\n'));
  t.is(after!.deliverable.kind, 'email');
  t.is(after!.deliverable.data.subject, 'We are opening a new office in Lisbon in March, hiring 10 engineers');
  t.is(after!.deliverable.data.greeting, 'Hi everyone,');
});

test('"turn this into an email to the team" on a PRD: sections under plain lead-ins, a line said twice said once, no call to reply when nothing is open', async (t) => {
  const { revised: [after] } = await revisions('pilot', invites, 'turn this into an email to the team');
  t.is(after!.content.trim(), [
    '**Subject:** Team invites: product requirements',
    'Hi team,',
    'Requirements:',
    '- Admins invite teammates by email.\n- Invites expire after 7 days.\n- Pricing: each seat is $8 per month, billed monthly.',
    'Dates from the brief and context:',
    '- Launch on June 10.',
    'Thanks,',
  ].join('\n\n'));
});

test('"make this an email to the team" on tickets: each ticket one numbered line with its acceptance criteria', async (t) => {
  const { revised: [after] } = await revisions('pilot', tickets, 'make this an email to the team');
  t.regex(after!.content, /^1\. Export button hidden on mobile Safari\. Acceptance criteria: export button is shown on mobile Safari\.\n2\. CSV export times out for accounts over 10k rows\. Acceptance criteria: CSV export completes without timing out for accounts over 10k rows\.\n3\./m);
  t.notRegex(after!.content, /^#/m);
});

test('"make this an email to everyone" on an email changes only its greeting; "turn this into an email" on one says it is one already', async (t) => {
  const move = { brief: 'email to the team: we move to the new office on march 3', context: 'The new office is at 12 King Street.' };
  const { original, revised: [everyone] } = await revisions('writer', move, 'make this an email to everyone');
  t.is(everyone!.content.trim(), original.trim().replace('Hi team,', 'Hi everyone,'));
  t.deepEqual(everyone!.applied, ['greeting: Hi everyone,']);
  const { revised: [same] } = await revisions('writer', move, 'turn this into an email');
  t.is(same!.content, original);
  t.deepEqual(same!.notApplied, [{ part: 'as an email', reason: 'the document is an email already ("Hi team,"); say what to change in it' }]);
});

test('"turn this into an email to my manager" on a status update: "Hi," (no name to greet), and no call to confirm action items that are the writer\'s own', async (t) => {
  const status = { brief: 'weekly status update for my manager', context: '- shipped the new onboarding flow\n- blocked on legal review for the EU launch\n- next week: start on billing page redesign' };
  const { revised: [after] } = await revisions('mind', status, 'turn this into an email to my manager');
  t.regex(after!.content, /^\*\*Subject:\*\* Weekly status update\n\nHi,\n\n/);
  t.regex(after!.content, /^- Start on billing page redesign \(due next week\)$/m);
  t.notRegex(after!.content, /confirm your action items/);
  t.regex(after!.content, /\n\nThanks,\s*$/);
});
