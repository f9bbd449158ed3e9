import test from 'ava';
import { outcome } from './helpers.js';

/** An invite from notes is an email in sentences: what, when, where, what to bring, and the RSVP as its closing ask. */

test('"offsite invite" over "team offsite march 12, lisbon, rsvp by feb 20. bring laptop and walking shoes" says each in a sentence', async (t) => {
  const result = await outcome('writer', { brief: 'offsite invite', context: 'team offsite march 12, lisbon, rsvp by feb 20. bring laptop and walking shoes' });
  if (result.deliverable.kind !== 'email') return t.fail(result.deliverable.kind);
  const { subject, body, call_to_action: ask } = result.deliverable.data;
  t.is(subject, 'Invitation: Team offsite on March 12 in Lisbon');
  t.deepEqual(body, ['The team offsite is on March 12 in Lisbon.', 'Please bring your laptop and walking shoes.']);
  t.is(ask, 'RSVP by Feb 20.');
});
