import test from 'ava';
import { shortSubject } from '../../../../models/local/revise/emailParts.js';
import { revisions } from './helpers.js';

/** Feedback on an email's own parts, as people give it: its subject, its call to action, a day, a PS. */

const allHands = { brief: 'email to the team: the all-hands moves to friday at 4pm in the big meeting room, pizza after' };

test('"make the subject line shorter" shortens the subject (its aside and place left out), not the email', async (t) => {
  const { revised: [after] } = await revisions('writer', allHands, 'make the subject line shorter');
  t.regex(after!.content, /^\*\*Subject:\*\* All-hands moves to Friday at 4pm$/m);
  t.is((after!.deliverable.data as { subject: string }).subject, 'All-hands moves to Friday at 4pm');
  t.regex(after!.content, /^The all-hands moves to Friday at 4pm in the big meeting room, pizza after\.$/m);
  t.deepEqual(after!.notApplied, []);
  t.false(after!.applied.includes('length'));
});

test('"remove the call to action" removes the bold closing line and nothing else', async (t) => {
  const { revised: [after] } = await revisions('writer', allHands, 'remove the call to action');
  t.notRegex(after!.content, /Reply to this email/);
  t.regex(after!.content, /^Kind regards,$/m);
  t.deepEqual(after!.applied, ['remove the call to action']);
});

test('"it\'s thursday not friday" corrects the day everywhere; "add a PS: ..." is a P.S. after the sign-off', async (t) => {
  const { revised: [day, ps] } = await revisions('writer', allHands, "it's thursday not friday", 'add a PS: parking is free after 6pm');
  t.regex(day!.content, /^\*\*Subject:\*\* The all-hands moves to Thursday at 4pm/m);
  t.notRegex(day!.content, /Friday/);
  t.deepEqual(day!.applied, ['correct fact: Thursday, not Friday']);
  t.regex(ps!.content, /Kind regards,\n\nP\.S\. Parking is free after 6pm\.\n?$/);
});

test('a subject with nothing to leave out is kept, and the revision says why', (t) => {
  t.is(shortSubject('The all-hands moves to Friday at 4pm in the big meeting room, pizza after'), 'All-hands moves to Friday at 4pm');
  t.is(shortSubject('Office closed Friday'), 'Office closed Friday');
});

test('"make it friendlier" warms the closing line too; "less salesy" keeps the greeting the writer chose, only "more formal" makes it "Dear"', async (t) => {
  const { revised: [friendly] } = await revisions('writer', allHands, 'make it friendlier');
  t.regex(friendly!.content, /^\*\*Any questions\? Just reply to this email\.\*\*$/m);
  const { revised: [formal] } = await revisions('writer', allHands, 'more formal please');
  t.regex(formal!.content, /^Dear team,$/m);
  const excited = { brief: 'email to the team: we move to the new office on march 3, we are all super excited!!!' };
  const { revised: [plainer] } = await revisions('writer', excited, 'less salesy');
  t.regex(plainer!.content, /^Hi team,$/m);
});

test('"shorter subject line" on "We move to the new office on March 3" names the news, not who makes it', async (t) => {
  const { revised: [after] } = await revisions('writer', { brief: 'email to the team: we move to the new office on march 3', context: 'The new office is at 12 King Street.' }, 'shorter subject line');
  t.regex(after!.content, /^\*\*Subject:\*\* Moving to the new office on March 3$/m);
  t.deepEqual(after!.applied, ['shorter subject line: Moving to the new office on March 3']);
});
