import test from 'ava';
import { outcome } from './helpers.js';
import { recipientOf } from '../../../../models/local/document/recipient.js';

/** An email to a client from notes that say who the client is and who to write to. */

test('"client is Acme, contact jen" greets Jen and is no line of the email; "we will add a weekly call" is said, not the call to action', async (t) => {
  const result = await outcome('writer', {
    brief: 'write an email to a client saying the project will be 2 weeks late',
    context: 'client is Acme, contact jen. reason: their api access came 10 days late and we found a data issue. new date march 14. we will add a weekly call.',
  });
  if (result.deliverable.kind !== 'email') return t.fail(result.deliverable.kind);
  t.is(result.deliverable.data.greeting, 'Hi Jen,');
  t.notRegex(result.content, /Client is Acme|contact Jen/i);
  t.true(result.deliverable.data.body.includes('We will add a weekly call.'));
  t.not(result.deliverable.data.call_to_action, 'We will add a weekly call.');
});

test('a line that only names the client or the contact is read as the recipient; other lines are not', (t) => {
  const item = (text: string) => ({ text, origin: 'context' as const });
  t.is(recipientOf([item('contact: dana lee')])?.name, 'Dana');
  t.is(recipientOf([item('the client is Globex')])?.name, undefined);
  t.truthy(recipientOf([item('the client is Globex')]));
  t.is(recipientOf([item('the client is unhappy about the delay, contact support if needed')]), undefined);
  t.is(recipientOf([item('we will contact jen tomorrow')]), undefined);
});

test('"Client is Acme, contact Jen." typed with capitals is the recipient too', (t) => {
  t.is(recipientOf([{ text: 'Client is Acme, contact Jen.', origin: 'context' }])?.name, 'Jen');
  t.is(recipientOf([{ text: 'Contact: Dana Lee', origin: 'context' }])?.name, 'Dana');
});

test('"email to our client Dana: ..." greets Dana and makes the news the subject, not "Client Dana"', async (t) => {
  const result = await outcome('writer', { brief: 'email to our client Dana: the kickoff call is on march 12, we will send the agenda the day before' });
  if (result.deliverable.kind !== 'email') return t.fail(result.deliverable.kind);
  t.is(result.deliverable.data.greeting, 'Hi Dana,');
  t.is(result.deliverable.data.subject, 'The kickoff call is on March 12');
  t.notRegex(result.content, /Client Dana/);
});
