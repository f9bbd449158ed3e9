import test from 'ava';
import { revisions } from './helpers.js';

/** "make it friendlier" on a document of lists only: before, the stock line "Here's a quick recap for you: ..."; now a line made of what the document is about, or none and the reason. */

test('"make it friendlier" on a meeting summary tells its readers what they need to know from the meeting it names', async (t) => {
  const meeting = { brief: 'summarize the meeting and pull out action items', context: 'Product sync, Tuesday\nAttendees: Priya, Tom, Lena\n- Priya will update the pricing page by Friday\n- Tom owns the launch email, due Monday\n- We decided to delay the mobile release to April' };
  const { revised: [after] } = await revisions('mind', meeting, 'make it friendlier');
  t.regex(after!.content, /^# Meeting summary: Product Sync, Tuesday\n\nHere's what you need to know from Product Sync, Tuesday: what we decided and who's doing what\.\n\n## Summary/);
  t.notRegex(after!.content, /quick recap for you/);
  t.deepEqual(after!.applied, ['tone_adjustment']);
});

test('"make it friendlier" on a PRD and on tickets: a line about what they hold', async (t) => {
  const invites = { brief: 'PRD for team invites', context: 'admins invite teammates by email\ninvites expire after 7 days' };
  const { revised: [prd] } = await revisions('pilot', invites, 'make it friendlier');
  t.regex(prd!.content, /^# Team invites: product requirements\n\nHere's what we want team invites to do\.\n\n## Requirements/);
  const tickets = { brief: 'write tickets: 1) export button hidden on mobile safari 2) dark mode toggle doesnt save' };
  const { revised: [set] } = await revisions('pilot', tickets, 'make it friendlier');
  t.regex(set!.content, /^# Tickets\n\nHere are the 2 tickets, each with how we'll know it's done\.\n\n## 1\. /);
});

test('"make it friendlier" on a summary that names no meeting and no one in it adds no stock line and says why', async (t) => {
  const notes = { brief: 'summarize our weekly sync', context: 'launch moves to april 2. budget: we have $20k left for q2. hiring: one backend role open.' };
  const { original, revised: [after] } = await revisions('mind', notes, 'make it friendlier');
  t.is(after!.content, original);
  t.notRegex(after!.content, /Here's a quick|need to know/);
  t.is(after!.notApplied[0]!.part, 'tone_adjustment');
  t.regex(after!.notApplied[0]!.reason, /it adds no stock line/);
});
