import test from 'ava';
import { revisions } from './helpers.js';

/** What a shorter document keeps, and what no revision takes away by the way. */

const status = { brief: 'weekly status update for my manager', context: '- shipped the new onboarding flow\n- signup conversion up from 3.1% to 3.8%\n- blocked on legal review for the EU launch\n- next week: start on billing page redesign' };

test('"make it more concise" on a status update keeps what shipped and the blocker; the quote under the figures goes first', async (t) => {
  const { original, revised: [after] } = await revisions('mind', status, 'make it more concise');
  t.regex(original, /^> /m);
  t.notRegex(after!.content, /^> /m);
  t.regex(after!.content, /Shipped the new onboarding flow/);
  t.regex(after!.content, /Blocked on legal review for the EU launch/);
  t.regex(after!.content, /Start on billing page redesign/);
});

test('a section that is a heading alone (a newsletter item) stays when a revision adds a line', async (t) => {
  const newsletter = { brief: 'newsletter for our customers for november', context: '- new: dark mode\n- new: export to csv\n- fixed: slow search on large workspaces\n- webinar on dec 5 about reporting' };
  const { original, revised: [after] } = await revisions('writer', newsletter, 'add a link to the webinar signup: acme.io/webinar');
  const headings = (text: string) => text.split('\n').filter((line) => line.startsWith('## '));
  t.deepEqual(headings(after!.content), headings(original));
  t.regex(after!.content, /## Webinar[^\n]*\n\nWebinar signup: acme\.io\/webinar/, 'the link goes under the section it is about');
});

test('"meh, too long" on a post drops its stock opener before its call to action, and keeps its hashtags', async (t) => {
  const { original, revised: [after] } = await revisions('writer', { brief: 'linkedin post: we are opening a new office in lisbon in march, hiring 10 engineers' }, 'meh, too long');
  t.regex(original, /^Some news we are excited to share\./);
  t.notRegex(after!.content, /Some news/);
  t.regex(after!.content, /^We are opening a new office in Lisbon in March, hiring 10 engineers\.$/m);
  t.regex(after!.content, /Know someone who would be a great fit\?/);
  t.regex(after!.content, /^#NewOffice #Lisbon$/m);
});

test('"meh, too long" on a PRD keeps its requirement', async (t) => {
  const prd = { brief: 'prd for a dark mode setting', context: 'users ask for dark mode in 40 support tickets a month. should follow the OS setting. toggle in settings. launch by end of q2.' };
  const { original, revised: [after] } = await revisions('pilot', prd, 'meh, too long');
  t.regex(original, /## Requirements\n\n- Should follow the OS setting\./);
  t.regex(after!.content, /## Requirements\n\n- Should follow the OS setting\./);
  t.true(after!.content.length < original.length);
});

test('"make it shorter" on tickets keeps each ticket\'s "Acceptance criteria" label over its list', async (t) => {
  const tickets = { brief: 'write tickets: 1) export button hidden on mobile safari 2) csv export times out for accounts over 10k rows 3) dark mode toggle doesnt save' };
  const { original, revised: [after] } = await revisions('pilot', tickets, 'make it shorter');
  t.is(original.match(/\*\*Acceptance criteria\*\*/g)!.length, 3);
  t.is(after!.content.match(/\*\*Acceptance criteria\*\*\n\n- \[ \]/g)!.length, 3);
  t.true(after!.content.length < original.length);
});
