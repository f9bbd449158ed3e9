import test from 'ava';
import { personCase } from '../../../../models/local/text/people.js';
import { outcome } from './helpers.js';

test('"email ... , from Maria": Maria signs the email and is not in its subject', async (t) => {
  const result = await outcome('writer', { brief: 'email to customers about the new opening hours, from Maria', context: 'from monday we open at 8am\nsaturdays 9 to 1' });
  t.regex(result.content, /^\*\*Subject:\*\* New opening hours$/m);
  t.regex(result.content, /Kind regards,\n\nMaria\s*$/);
  if (result.deliverable.kind !== 'email') return t.fail(result.deliverable.kind);
  t.is(result.deliverable.data.sign_off, 'Kind regards,\nMaria');
  t.regex(result.deliverable.data.call_to_action, /about the new opening hours\.$/);
});

test('"ana is out next week" in a status update is news with her name, not a task "Be out next week"', async (t) => {
  const result = await outcome('mind', { brief: 'weekly status update', context: 'shipped the billing page\nana is out next week\nrisk: vendor contract ends in march' });
  t.regex(result.content, /^- Ana is out next week$/m);
  t.notRegex(result.content, /Be out next week/);
});

test('a first name typed in lower case opening a statement about its person gets its capital', (t) => {
  t.is(personCase('ana is out next week'), 'Ana is out next week');
  t.is(personCase('dana owns the launch email'), 'Dana owns the launch email');
  t.is(personCase('will is out friday'), 'will is out friday');
  t.is(personCase('launch is next week'), 'launch is next week');
});

test('"out of office message, away dec 20 - jan 3, urgent stuff to sam (...)" on one line: an away email with its dates and whom to contact, not a post split at the dash', async (t) => {
  const result = await outcome('writer', { brief: 'out of office message, away dec 20 - jan 3, urgent stuff to sam (sam@acme.io)' });
  t.is(result.deliverable.kind, 'email');
  t.regex(result.content, /^\*\*Subject:\*\* Out of office until Jan 3$/m);
  t.regex(result.content, /^I'm out of the office from December 20 to January 3\.$/m);
  t.regex(result.content, /^\*\*For anything urgent, contact Sam \(sam@acme\.io\)\.\*\*$/m);
});

test('"reminder to everyone: timesheets due ..." is an email to everyone saying what is due, not a blog post', async (t) => {
  const result = await outcome('writer', { brief: 'reminder to everyone: timesheets due eod friday pls' });
  t.is(result.deliverable.kind, 'email');
  t.regex(result.content, /^Hi everyone,$/m);
  t.regex(result.content, /Timesheets due/);
  t.notRegex(result.content, /^# /m);
});
