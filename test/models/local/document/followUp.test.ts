import test from 'ava';
import { followUpOf } from '../../../../models/local/document/followUp.js';
import { outcome } from './helpers.js';

/** Follow-up emails: thanks for the time, the notes as a recap, the next steps, never an outline of the ask. */

const brief = 'write a follow-up email after the demo with acme yesterday, thank them and suggest next steps';

test('what a follow-up is on and with whom are read from the ask; the instructions after it are not the subject', (t) => {
  t.like(followUpOf(brief), { event: 'the demo yesterday', who: 'Acme', person: false, on: 'meeting' });
  t.like(followUpOf('follow up email to dana after our call on tuesday'), { event: 'our call on Tuesday', who: 'Dana', person: true });
  t.like(followUpOf('email to follow up on the proposal we sent last week'), { on: 'sent' });
  t.is(followUpOf('email the team about the offsite'), undefined);
});

test('a one-line follow-up is an email that thanks and proposes a next step, not an outline', async (t) => {
  const result = await outcome('writer', { brief });
  t.is(result.draftKind, 'grounded');
  t.regex(result.content, /^\*\*Subject:\*\* Following up on yesterday's demo\n\nHi Acme team,\n\nThank you for taking the time for the demo yesterday\.\n\nAs a next step, I suggest a short call next week/);
  t.regex(result.content, /\*\*Would a short call next week work for you\?\*\*/);
  t.notRegex(result.content, /suggest next steps\b|Outline|## /);
});

test('with notes, a follow-up recaps them to the reader and lists the next steps they name', async (t) => {
  const context = '- demo went well, they liked the reporting dashboard\n- concerns about SSO and pricing for 50 seats\n- sarah (their CTO) wants a security review doc\n- next: trial for 2 weeks starting monday';
  const result = await outcome('writer', { brief, context });
  t.regex(result.content, /A quick recap of what we discussed:\n- Demo went well, you liked the reporting dashboard\n- Concerns about SSO and pricing for 50 seats\n- Sarah \(your CTO\) wants a security review doc\n\nAs next steps, I suggest:\n- Trial for 2 weeks starting Monday\n/);
  t.regex(result.content, /\*\*Let me know if these next steps work for you\.\*\*/);
  t.notRegex(result.content, /any question about after the demo/);
});

test('a follow-up on something sent asks about it, and one after an interview does not propose the next step', async (t) => {
  const sent = await outcome('writer', { brief: 'email to follow up on the proposal we sent last week' });
  t.regex(sent.content, /I wanted to follow up on the proposal we sent last week\./);
  t.regex(sent.content, /\*\*Have you had a chance to look at it\?\*\*/);
  const interview = await outcome('writer', { brief: 'followup email after my interview with google' });
  t.regex(interview.content, /Thank you for taking the time for the interview\.\n\nI enjoyed our conversation and remain very interested in the role\./);
});
