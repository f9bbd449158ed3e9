import test from 'ava';
import { threadAsNotes } from '../../../../models/local/mind/emailThread.js';
import { chatAsNotes } from '../../../../models/local/mind/chatThread.js';
import { outcome } from '../document/helpers.js';

/** An email or chat thread pasted with "summarize this thread", "tl;dr", "what do I need to reply?". */

const venue = `From: Ana
Subject: venue for offsite

Hi all, the hotel in Porto can host us on 12-14 March for 9k EUR. Alternative is Braga, 7k but
further from the airport. I need a decision by Friday.

From: Ben
Braga is fine by me, cheaper is better this year.

From: Carla
I prefer Porto, flights are easier for the London team.`;

test('"summarize this thread": titled as a thread, the options with their facts, who prefers what and why, the ask an open question owned by who asked, no decision', async (t) => {
  const result = await outcome('mind', { brief: 'summarize this thread', context: venue });
  t.regex(result.content, /^# Venue for offsite: thread summary\n/);
  // A hard-wrapped sentence is one line, with its facts.
  t.regex(result.content, /- Ana: Alternative is Braga, 7k but further from the airport\./);
  t.regex(result.content, /12-14 March for 9k EUR/);
  t.regex(result.content, /## Who prefers what\n\n- Ben: Braga \(cheaper is better this year\)\n- Carla: Porto \(flights are easier for the London team\)/);
  t.regex(result.content, /## Open questions\n\n- Decide Porto or Braga by Friday \(asked by Ana\)/);
  t.notRegex(result.content, /## Decisions|Meeting summary|^- (?:EUR|Alternative)$/m);
  t.deepEqual(result.deliverable.kind === 'meeting_summary' && result.deliverable.data.decisions, []);
  t.deepEqual(result.deliverable.kind === 'meeting_summary' && result.deliverable.data.open_questions, ['Decide Porto or Braga by Friday (asked by Ana)']);
});

test('"what do I need to reply?" puts what waits on the reader first; "tl;dr" is a thread summary too', async (t) => {
  const reply = await outcome('mind', { brief: 'what do I need to reply?', context: venue });
  t.regex(reply.content, /^# Venue for offsite: what to reply\n\n## What needs your reply\n\n- Decide Porto or Braga by Friday \(asked by Ana\)\n/);
  const tldr = await outcome('mind', { brief: 'tl;dr', context: venue });
  t.regex(tldr.content, /^# Venue for offsite: thread summary\n/);
});

test('a thread that settled it: the decision with who made it, no open question; quoted lines are their writer\'s; the signature and disclaimer are dropped', async (t) => {
  const context = `From: Ana
Subject: Re: venue for offsite

On Tue, Ben Moss wrote:
> Porto or Braga? I need an answer by Friday.

ok let's go with Porto, flights are easier for everyone.

Best,
Ana
--
Ana Silva | Ops Lead | Acme Ltd
This email and any attachments are confidential and intended solely for the addressee.`;
  t.is(threadAsNotes(context)?.notes, "Ben Moss: Porto or Braga? I need an answer by Friday.\nAna: ok let's go with Porto, flights are easier for everyone.");
  const result = await outcome('mind', { brief: 'summarize this thread', context });
  t.regex(result.content, /## Decisions\n\n- Let's go with Porto, flights are easier for everyone \(Ana\)/);
  t.notRegex(result.content, /Open questions|Ops Lead|confidential|Acme/);
});

test('someone who writes twice keeps their messages: "From: Ana" again is a new message, not a repeat', async (t) => {
  const context = `From: Ana
Subject: venue

Porto or Braga? I need a decision by Friday.

From: Ben
I prefer Braga, it's cheaper.

From: Ana
Agreed, Braga it is. I'll send the booking request tomorrow.`;
  const result = await outcome('mind', { brief: 'summarize this thread', context });
  t.regex(result.content, /\*\*Ana\*\*: Send the booking request \(due tomorrow\)/);
  t.regex(result.content, /- Agreed, Braga it is \(Ana\)/);
});

test('a bug report thread: the signature without a sign-off is no one\'s statement and no "+1" vote; the agreed fix is its owner\'s', async (t) => {
  const context = `From: Maria Lopez <maria@shop.io>
Subject: Re: Checkout button broken on Safari

Quick update: the Safari 17 update blocks the third-party cookie our payment widget
relies on. Kevin will patch the widget to use the storage access API by Thursday.

Maria Lopez
Head of Engineering | Shop.io
+1 415 555 0100

On Mon, 10 Mar 2026 at 09:14, Kevin Park <kevin@shop.io> wrote:
> Reproduced on Safari 17.2, the button does nothing and the console shows a cookie error.`;
  const result = await outcome('mind', { brief: 'summarize this thread', context });
  t.regex(result.content, /^# Checkout button broken on Safari: thread summary\n/);
  t.regex(result.content, /- Maria Lopez: Quick update: the Safari 17 update blocks the third-party cookie our payment widget relies on\./);
  t.regex(result.content, /- Kevin Park: Reproduced on Safari 17\.2/);
  t.regex(result.content, /\*\*Kevin Park\*\*: Patch the widget to use the storage access API \(due Thursday\)/);
  t.notRegex(result.content, /Head of Engineering|415|Who prefers what/);
});

test('a Slack export "[10:02] sam: ..." is read as Sam\'s lines: its people, their actions, "let\'s roll back, I\'ll do it" the rollback', async (t) => {
  const context = `[10:02] sam: checkout is throwing 500s for some users since the deploy
[10:04] priya: looking. seems like the payment webhook times out
[10:09] priya: ok let's roll back to 2.3.1, I'll do it now
[10:16] sam: great, I'll write the incident note by tomorrow`;
  t.is(chatAsNotes(context)?.notes.split('\n')[0], 'Sam: checkout is throwing 500s for some users since the deploy');
  const result = await outcome('mind', { brief: 'summarize this thread', context });
  t.regex(result.content, /^# Thread summary\n/);
  t.regex(result.content, /\*\*Priya\*\*: Roll back to 2\.3\.1/);
  t.regex(result.content, /\*\*Sam\*\*: Write the incident note \(due tomorrow\)/);
  t.regex(result.content, /## Participants\n\nSam, Priya/);
  t.notRegex(result.content, /\[10:\d\d\]|^- (?:Sam|Priya)$/m);
});

test('a scheduling thread: each person\'s slot, the one chosen as the decision, "let me know by" no open question once settled', async (t) => {
  const context = `From: Tom Reed <tom@acme.com>
Subject: Q1 planning - time?

Can everyone do Tuesday 10am or Wednesday 2pm for the Q1 planning session? Please let me know by
tomorrow.

From: Lisa
Tuesday works for me.

From: Raj
Wednesday is better for me, I have a dentist appointment Tuesday morning.

From: Tom Reed
Ok, let's go with Wednesday 2pm. I'll send the invite today.`;
  const result = await outcome('mind', { brief: 'tl;dr of this discussion', context });
  t.regex(result.content, /^# Q1 planning - time: thread summary\n/);
  t.regex(result.content, /- Lisa: Tuesday\n/);
  t.regex(result.content, /- Let's go with Wednesday 2pm \(Tom Reed\)/);
  t.notRegex(result.content, /Open questions/);
});

test('options a question names ("HubSpot or Pipedrive?") make the open decision; "I\'d rather", "X for me" are positions; a reason reads in the third person', async (t) => {
  const context = `From: Ana Silva
Subject: CRM renewal

Which CRM should we renew: HubSpot or Pipedrive? Contract ends 31 March. Can we decide by the 20th?

From: Lee
I'd rather stay on HubSpot, I have all my reports there.

From: Jo Park
Pipedrive for me, it's half the price.`;
  const result = await outcome('mind', { brief: 'summarize this thread', context });
  t.regex(result.content, /- Lee: HubSpot \(has all their reports there\)\n- Jo Park: Pipedrive \(it's half the price\)/);
  t.regex(result.content, /- Decide HubSpot or Pipedrive by the 20th \(asked by Ana Silva\)/);
});

test('a reply under a quote with no "From:" line is no one\'s known, never the quoted writer\'s', (t) => {
  const notes = threadAsNotes('On Tue, 4 Mar 2026, Ana Silva <ana@acme.com> wrote:\n> Can we decide by the 20th?\n\nI would stay on HubSpot.');
  t.is(notes?.notes, 'Ana Silva: Can we decide by the 20th?\nI would stay on HubSpot.');
});

test('an Outlook reply: "-----Original Message-----" and the "Sent:"/"To:" headers are no one\'s words', (t) => {
  const notes = threadAsNotes('From: Priya Nair\nSent: Wednesday, March 5, 2026 9:12 AM\nSubject: RE: printer on floor 3\n\nThe new printer arrives Monday.\n\n-----Original Message-----\nFrom: Sam Ortiz\nSubject: printer on floor 3\n\nThe floor 3 printer is jamming again.');
  t.deepEqual(notes, { notes: 'Priya Nair: The new printer arrives Monday.\nSam Ortiz: The floor 3 printer is jamming again.', subject: 'printer on floor 3' });
});

test('"what do I need to reply?": the questions no one answered after are what waits on the reader; a top-posted thread\'s old questions are not', async (t) => {
  const context = `From: Jordan Lee
Subject: Q4 report

Mia, is the Q4 report going out today? Leadership wants it by Friday.

From: Mia Chen
Not yet, finance still owes us the revenue numbers. Can you ask Tom in finance to send them by Wednesday? And do we include the EMEA breakdown this time?`;
  const result = await outcome('mind', { brief: 'what do I need to reply?', context });
  t.regex(result.content, /^# Q4 report: what to reply\n\n## What needs your reply\n\n- Can you ask Tom in finance to send them by Wednesday\? \(asked by Mia Chen\)\n- Do we include the EMEA breakdown this time\? \(asked by Mia Chen\)\n/);
  // Answered by the reply written above it.
  const topPosted = await outcome('mind', { brief: 'summarize this thread', context: 'From: Maria Lopez\nSubject: Re: checkout on Safari\n\nFound it: a cookie setting. Kevin will patch it by Thursday.\n\nOn Mon, Dana Wu wrote:\n> The checkout button does nothing on Safari. Can someone look?' });
  t.notRegex(topPosted.content, /Open questions|What needs your reply/);
});

test('"tl;dr of this discussion" on a Slack thread about the standup: a thread, not a standup; "ben [10:07 AM]" heads Ben\'s message', async (t) => {
  const context = 'sam.lee [10:02 AM]\nshould we move standup to 9:30? half the team is in Lisbon now\nben [10:07 AM]\n9:30 works, let\'s do it from Monday\nsam.lee [10:08 AM]\nok moving it to 9:30 from Monday, I\'ll update the invite';
  const result = await outcome('mind', { brief: 'tl;dr of this discussion', context });
  t.regex(result.content, /^# Thread summary\n/);
  t.regex(result.content, /- Ben: 9:30 works, let's do it from Monday/);
  t.regex(result.content, /\*\*Sam Lee\*\*: Update the invite/);
  t.regex(result.content, /## Participants\n\nSam Lee, Ben$/);
});

test('"Porto it is then" settles the thread: a decision with who made it, the ask no longer open', async (t) => {
  const result = await outcome('mind', { brief: 'summarize this thread', context: `${venue}\n\nFrom: Ana\nThanks both. Porto it is then, I'll book the hotel today.` });
  t.regex(result.content, /## Decisions\n\n- Porto it is then, I'll book the hotel today \(Ana\)/);
  t.notRegex(result.content, /Open questions/);
  t.is((await outcome('mind', { brief: 'summarize this thread', context: `${venue}\n\nFrom: Dan\nWhat it is, is a budget question.` })).content.includes('## Decisions'), false);
});
