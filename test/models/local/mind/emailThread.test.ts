import test from 'ava';
import { threadAsNotes } from '../../../../models/local/mind/emailThread.js';
import { outcome } from '../document/helpers.js';

/** Meeting notes pasted as an email thread. */

const thread = `From: Sarah Chen <sarah@acme.com>
Subject: Re: vendor review
Hi all, quick recap of today's call. We agreed to go with Northwind for the warehouse scanners. Tom will send the contract to legal by Friday.

On Tue, 3 May, Tom Becker wrote:
> Thanks Sarah. One open question: do we need the extended warranty? Budget is 12k.

Best,
Sarah`;

test('a thread is read as its writers\' lines: no headers, quote marks, greetings or sign-offs', (t) => {
  t.deepEqual(threadAsNotes(thread), {
    notes: 'Sarah Chen: We agreed to go with Northwind for the warehouse scanners. Tom will send the contract to legal by Friday.\nTom Becker: One open question: do we need the extended warranty? Budget is 12k.',
    subject: 'vendor review',
    // Sarah wrote above the message she quotes.
    topPosted: true,
  });
  t.is(threadAsNotes('alice: shipped the page\nbob: on the bug'), undefined);
});

test('"meeting notes" from an email thread: titled by its subject, its writers the participants, every fact kept', async (t) => {
  const result = await outcome('mind', { brief: 'meeting notes', context: thread });
  t.regex(result.content, /^# Meeting summary: Vendor Review\n/);
  t.regex(result.content, /## Participants\n\nSarah Chen, Tom Becker$/);
  t.regex(result.content, /- Tom Becker: Budget is 12k\./);
  t.regex(result.content, /\*\*Tom Becker\*\*: Send the contract to legal \(due Friday\)/);
  t.notRegex(result.content, /wrote:|From|Subject|quick recap/);
});
