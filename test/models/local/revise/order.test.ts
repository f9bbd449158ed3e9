import test from 'ava';
import { revisions } from './helpers.js';

/** Moves that name their part by "it" or "that": the part named before the pronoun, else the one the previous revision added, else reported. */

const bugBash = {
  brief: 'tickets for the bug bash',
  context: '- login fails with a plus sign in the email\n- csv export times out for 10k rows\n- dark mode toggle resets after reload\n- search ignores accents',
};

type Ticket = { title: string; description: string; acceptance_criteria: string[] };
const tickets = (deliverable: { data: Record<string, unknown> }) => deliverable.data.tickets as Ticket[];

test('"..., and put it first" moves the new ticket to the top and numbers the tickets again; so does "the dark mode ticket - move that to the top"', async (t) => {
  const { revised } = await revisions('pilot', bugBash, 'one more ticket for the avatar upload crashing on large images, and put it first', 'the dark mode ticket - move that to the top');
  const headings = (content: string) => content.split('\n').filter((line) => line.startsWith('## '));
  t.deepEqual(headings(revised[0]!.content).slice(0, 2), ['## 1. The avatar upload crashing on large images', '## 2. Login fails with a plus sign in the email']);
  t.is(tickets(revised[0]!.deliverable)[0]!.title, 'The avatar upload crashing on large images');
  t.is(headings(revised[1]!.content)[0], '## 1. Dark mode toggle resets after reload');
  t.is(tickets(revised[1]!.deliverable)[0]!.title, 'Dark mode toggle resets after reload');
  t.true(revised.every((after) => after.notApplied.length === 0), JSON.stringify(revised.map((after) => after.notApplied)));
});

test('"put it first" with nothing it could name says so in the notes and changes nothing', async (t) => {
  const { original, revised: [after] } = await revisions('pilot', bugBash, 'put it first');
  t.is(after!.content.trim(), original.trim());
  t.deepEqual(after!.applied, []);
  t.regex(after!.notApplied[0]!.reason, /"it" does not say which part to move/);
});

test('"move it to the end" after a revision that added a section moves that section', async (t) => {
  const { revised } = await revisions('mind', { brief: 'Summarise the product sync', context: 'Maria: we decided to ship the dashboard in May.\nJan: I will fix the e2e tests by Friday.\nPriya: the pricing page needs new copy before launch.' }, 'add a section on the pricing page', 'move it to the end');
  const headings = (content: string) => content.split('\n').filter((line) => line.startsWith('## '));
  t.regex(headings(revised[0]!.content).join('\n'), /Pricing page/i);
  t.regex(headings(revised[1]!.content).at(-1)!, /Pricing page/i);
  t.deepEqual(revised[1]!.notApplied, []);
});

test('"swap the order of the last two points" swaps the last two items of one list, and never moves an item to another section', async (t) => {
  const { revised: [after] } = await revisions('writer', { brief: 'release notes for v2.3', context: '- added dark mode\n- new export to pdf\n- fixed login bug on safari' }, 'swap the order of the last two points');
  t.regex(after!.content, /- New export to PDF\n- Added dark mode/);
  t.regex(after!.content, /## Fixed\n\n- Fixed login bug on Safari/);
  t.deepEqual(after!.applied, ['order: swap the last two points']);
});

test('"swap the last two paragraphs" of an email swaps its last two body paragraphs; the call to action and sign-off stay last', async (t) => {
  const { revised: [after] } = await revisions('writer', { brief: 'email to the team: the all-hands moves to friday at 4pm. Bring your laptop. Parking is in lot B.' }, 'swap the last two paragraphs');
  t.regex(after!.content, /Parking is in lot B\.\n\nBring your laptop\.\n\n\*\*Reply to this email with any question\.\*\*\n\nKind regards,/);
});

test('"swap the last two items" of a meeting summary swaps its last two action items, not its list of topics', async (t) => {
  const { revised: [after] } = await revisions('mind', { brief: 'meeting summary', context: 'Weekly sync. We decided to launch on friday. Tom will update the website by thursday. Priya to email the customers. Sam to book the venue.' }, 'swap the last two items');
  t.regex(after!.content, /\*\*Sam\*\*: Book the venue\n- \[ \] \*\*Priya\*\*: Email the customers/);
});

test('"put the ask first" opens the email with its request; the facts follow in their order', async (t) => {
  const { revised: [after] } = await revisions('writer', { brief: 'email to the team: the all-hands moves to friday at 4pm. Bring your laptop. Parking is in lot B.' }, 'put the ask first');
  t.regex(after!.content, /Hi team,\n\nBring your laptop\.\n\nThe all-hands moves to Friday at 4pm\.\n\nParking is in lot B\./);
  t.deepEqual(after!.applied, ['order: the ask first']);
});

test('"put the ask first" when the email already opens with it says so', async (t) => {
  const { revised: [after] } = await revisions('writer', { brief: 'email to Priya asking her to review the Q3 budget by friday, I need it for the board meeting on monday' }, 'put the ask first');
  t.deepEqual(after!.applied, []);
  t.true(after!.notApplied.some((entry) => /is already the first thing the letter says/.test(entry.reason)));
});

test('"swap the order of the last two points" on a post of one tip a section swaps its last two sections', async (t) => {
  const tips = { brief: 'blog post: 5 tips for remote onboarding', context: 'send laptops before day one. assign a buddy. write down the first week plan. schedule daily check-ins. ask for feedback after 30 days.' };
  const { original, revised: [after] } = await revisions('writer', tips, 'swap the order of the last two points');
  t.regex(original, /## Schedule\n\nSchedule daily check-ins\.\n\n## Feedback\n\nAsk for feedback after 30 days\./);
  t.regex(after!.content, /## First week plan\n\nWrite down the first week plan\.\n\n## Feedback\n\nAsk for feedback after 30 days\.\n\n## Schedule\n\nSchedule daily check-ins\.$/);
  t.deepEqual(after!.applied, ['order: swap the last two points']);
});

test('"swap the order of the last two points" on tickets swaps the last two tickets; their numbers stay in order', async (t) => {
  const tickets = { brief: 'write tickets: 1) export button hidden on mobile safari 2) csv export times out for accounts over 10k rows 3) dark mode toggle doesnt save' };
  const { revised: [after] } = await revisions('pilot', tickets, 'swap the order of the last two points');
  t.regex(after!.content, /## 2\. Dark mode toggle doesnt save\n\nDark mode toggle doesnt save\.\n\n\*\*Acceptance criteria\*\*\n\n- \[ \] Dark mode toggle saves\.\n\n## 3\. CSV export times out for accounts over 10k rows\n/);
  t.regex(after!.content, /## 1\. Export button hidden on mobile Safari/);
});
