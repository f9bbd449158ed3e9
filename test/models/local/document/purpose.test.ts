import test from 'ava';
import { purposeOf } from '../../../../models/local/document/purpose.js';

/** A one-line ask for a message with a purpose (thank, invite, apologise, ...) says what the message says. */

const cases: Array<[string, { subject: string; sentence: string; audience?: string }]> = [
  ['Email our volunteers to thank them for helping at the charity run last Sunday', { subject: 'Thank you for helping at the charity run last Sunday', sentence: 'Thank you for helping at the charity run last Sunday.', audience: 'volunteers' }],
  ['Thank-you email for the speakers at DevConf 2026', { subject: 'Thank you for being part of DevConf 2026', sentence: 'Thank you for being part of DevConf 2026.', audience: 'the speakers' }],
  ['A LinkedIn post thanking our volunteers for their help at the charity run', { subject: 'Thank you for their help at the charity run', sentence: 'Thank you to our volunteers for their help at the charity run.', audience: 'our volunteers' }],
  ['Send an email to all staff inviting them to the Christmas lunch on 19 December', { subject: 'Invitation: Christmas lunch on 19 December', sentence: 'We would like to invite you to the Christmas lunch on 19 December.', audience: 'staff' }],
  ['Write an email apologising to customers for the late deliveries this week', { subject: 'Our apologies for the late deliveries this week', sentence: 'We are sorry for the late deliveries this week.', audience: 'customers' }],
  ['LinkedIn post congratulating our design team on winning the Dutch Design Award', { subject: 'Congratulations on winning the Dutch Design Award', sentence: 'Congratulations to our design team on winning the Dutch Design Award!', audience: 'our design team' }],
  ['Email the team to remind them to submit their timesheets by Friday', { subject: 'Reminder: Submit your timesheets by Friday', sentence: 'A reminder to submit your timesheets by Friday.', audience: 'team' }],
  ['Email welcoming new members to the Riverside running club', { subject: 'Welcome to the Riverside running club', sentence: 'Welcome to the Riverside running club!', audience: 'new members' }],
  ['Email the parents asking them to sign the consent form for the museum trip by Wednesday', { subject: 'Please sign the consent form for the museum trip by Wednesday', sentence: 'We would like to ask you to sign the consent form for the museum trip by Wednesday.', audience: 'parents' }],
  ['email to Acme Corp confirming the kickoff on March 12 at 10am', { subject: 'Confirmed: Kickoff on March 12 at 10am', sentence: 'We are writing to confirm the kickoff on March 12 at 10am.', audience: 'Acme Corp' }],
  ['email confirming that the office is closed on Friday', { subject: 'Confirmation: The office is closed on Friday', sentence: 'This is to confirm that the office is closed on Friday.' }],
  ['email to confirm our booking for 12 people on Saturday', { subject: 'Confirmed: Booking for 12 people on Saturday', sentence: 'We are writing to confirm our booking for 12 people on Saturday.' }],
  ['email asking the team to confirm their attendance', { subject: 'Please confirm your attendance', sentence: 'We would like to ask you to confirm your attendance.', audience: 'the team' }],
];

for (const [ask, expected] of cases) {
  test(`"${ask}" says "${expected.sentence}"`, (t) => {
    const purpose = purposeOf(ask);
    t.is(purpose?.subject, expected.subject);
    t.deepEqual(purpose?.sentences, [expected.sentence]);
    t.is(purpose?.audience, expected.audience);
  });
}

test('an ask for a piece about a purpose, or with nothing to say, has none', (t) => {
  t.is(purposeOf('Write a blog post about how to thank your customers for their loyalty'), undefined);
  t.is(purposeOf('Summarise the meeting and remind me of the decisions'), undefined, 'no message is asked for');
  t.is(purposeOf('Email to thank them for it'), undefined, 'one word is not what the thanks are for');
});

test('an email confirming something to a company greets its team, says what it confirms first and keeps every note with its label', async (t) => {
  const { outcome } = await import('./helpers.js');
  const email = await outcome('writer', { brief: 'email to Acme Corp confirming the kickoff on March 12 at 10am', context: '- kickoff at their office in Leeds\n- agenda: scope, timeline, who owns what\n- bring the signed SOW' });
  t.is(email.deliverable.kind, 'email');
  const data = email.deliverable.data as { subject: string; greeting: string; body: string[]; call_to_action: string };
  t.is(data.subject, 'Confirmed: Kickoff on March 12 at 10am');
  t.is(data.greeting, 'Hi Acme team,');
  t.deepEqual(data.body, ['We are writing to confirm the kickoff on March 12 at 10am.', 'Kickoff at your office in Leeds.', 'Agenda: scope, timeline, who owns what.', 'Bring the signed SOW.']);
  t.is(data.call_to_action, 'Please let us know if anything has changed.');
});
