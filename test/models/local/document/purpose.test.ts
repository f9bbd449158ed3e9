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
