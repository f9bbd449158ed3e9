import test from 'ava';
import { revisions } from './helpers.js';

/** Feedback about the document's shape, as people say it. */

test('"make it a list" lists an email\'s points, after its opening line', async (t) => {
  const { revised: [after] } = await revisions('writer', { brief: 'email to the team: the all-hands moves to friday at 4pm. Bring your laptop. Parking is in lot B.' }, 'make it a list');
  t.regex(after!.content, /^The all-hands moves to Friday at 4pm\.\n\n- Bring your laptop\.\n- Parking is in lot B\.$/m);
  t.regex(after!.content, /^Hi team,$/m);
  t.deepEqual(after!.applied, ['format: bullet points']);
});

test('"remove the topics" and "drop the participants" remove the sections so headed, without the word "section"', async (t) => {
  const meeting = { brief: 'summarize the meeting', context: 'Product sync\nAttendees: Priya, Tom\n- Priya will update the pricing page by Friday\n- We decided to delay the mobile release to April' };
  const { original, revised: [topics, participants] } = await revisions('mind', meeting, 'remove the topics', 'drop the participants');
  const { revised: [both] } = await revisions('mind', meeting, 'remove the topics and participants');
  t.deepEqual(both!.applied, ['remove section: Topics', 'remove section: Participants']);
  t.regex(original, /^## Topics$/m);
  t.notRegex(topics!.content, /^## Topics$/m);
  t.regex(topics!.content, /^## Participants$/m);
  t.deepEqual(topics!.applied, ['remove section: Topics']);
  t.notRegex(participants!.content, /^## Participants$/m);
  t.regex(participants!.content, /\*\*Priya\*\*/);
});

test('"remove the hashtags" is not read as a section to remove', async (t) => {
  const { revised: [after] } = await revisions('writer', { brief: 'linkedin post announcing our new office in Lisbon', context: 'The office opens in March. It has room for 40 people.' }, 'remove the hashtags');
  t.false(after!.applied.some((part) => part.startsWith('remove section')));
});

test('"just give me the action items" keeps the title and the action items, in the summary and its data', async (t) => {
  const meeting = { brief: 'summarize the meeting and pull out action items', context: 'Product sync\nAttendees: Priya, Tom\n- Priya will update the pricing page by Friday\n- Tom owns the launch email, due Monday\n- We decided to delay the mobile release to April' };
  const { revised: [only, two] } = await revisions('mind', meeting, 'just give me the action items', 'only the action items and the decisions please');
  t.regex(only!.content, /^# Meeting summary: .*\n\n## Action items\n\n- \[ \] \*\*Priya\*\*: Update the pricing page \(due Friday\)\n- \[ \] \*\*Tom\*\*: Own the launch email \(due Monday\)\n?$/);
  t.deepEqual(only!.deliverable.data.decisions, []);
  t.deepEqual(only!.applied, ['keep only: Action items']);
  t.regex(two!.content, /## Action items/, 'a second "only" with a section already gone keeps what is left of it');
});

test('"only show blockers" keeps the blockers section; "just make it shorter" is no section to keep', async (t) => {
  const standup = { brief: 'standup summary', context: 'ana: finished the csv export, today starting on filters\nbob: fixing flaky tests, blocked on staging access' };
  const { revised: [only] } = await revisions('mind', standup, 'only show blockers');
  t.true(only!.applied.some((part) => /^keep only: Blockers/.test(part)), only!.applied.join('; '));
  const { revised: [shorter] } = await revisions('mind', standup, 'just make it shorter');
  t.false(shorter!.applied.some((part) => part.startsWith('keep only')));
});

test('"bullet points instead" on a post lists its facts, the news line first, and keeps its call to action one line after them', async (t) => {
  const { revised: [after] } = await revisions('writer', { brief: 'linkedin post: we are opening a new office in lisbon in march, hiring 10 engineers', context: 'the office is in alfama, 40 desks. we chose lisbon for the time zone and the talent. apply on our careers page by march 1.' }, 'bullet points instead');
  t.regex(after!.content, /^- We are opening a new office in Lisbon in March, hiring 10 engineers\.\n- The office is in alfama, 40 desks\.\n/);
  t.regex(after!.content, /\n\nApply on our careers page by March 1\.\n\n#/);
  t.notRegex(after!.content, /^- Apply/m);
  t.deepEqual(after!.applied, ['format: bullet points']);
});
