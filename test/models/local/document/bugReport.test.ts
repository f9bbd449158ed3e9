import test from 'ava';
import { outcome } from './helpers.js';

/** A bug report asked of pilot from a chat message: one bug ticket, with only what the message says. */

test('"turn this slack message into a bug report: ..." is a bug ticket with what happens, the environment and the error, not a PRD', async (t) => {
  const result = await outcome('pilot', { brief: "turn this slack message into a bug report: 'checkout button does nothing on safari 17, tried twice, console says TypeError: cannot read properties of undefined'" });
  t.is(result.deliverable.kind, 'ticket_set');
  t.regex(result.content, /^# Bug: Checkout button does nothing on Safari 17$/m);
  t.regex(result.content, /## What happens\n\nCheckout button does nothing on Safari 17\.\n\n\*\*Reproducibility:\*\* Tried twice\./);
  t.regex(result.content, /## Steps to reproduce\n\nNot given in the message\./);
  t.regex(result.content, /## Environment\n\n- Safari 17\n/);
  t.regex(result.content, /## Error\n\n```\nTypeError: cannot read properties of undefined\n```/);
  t.regex(result.content, /## To ask the reporter\n\n- The steps that lead to it/);
  t.notRegex(result.content, /product requirements|## Requirements|^1\. /m);
});

test('a bug report over a pasted message keeps its steps in order, its "should", and drops the greeting', async (t) => {
  const result = await outcome('pilot', { brief: 'bug report from this slack message', context: 'hey all, login page is broken on android 14. go to login, enter email, tap continue -> spinner forever. should go to the dashboard. happens every time since yesterday' });
  t.regex(result.content, /^# Bug: Login page is broken on Android 14$/m);
  t.regex(result.content, /## Steps to reproduce\n\n1\. Go to login\.\n2\. Enter email\.\n3\. Tap continue\./);
  t.regex(result.content, /## Expected\n\nIt should go to the dashboard\./);
  t.regex(result.content, /\*\*Reproducibility:\*\* Happens every time since yesterday\./);
  t.notRegex(result.content, /Hey all|To ask the reporter/);
});

test('a bug ticket reads "expected ..." and an environment of its own, and turns "these bug reports into tickets" into tickets still', async (t) => {
  const result = await outcome('pilot', { brief: 'file a bug ticket: export to csv gives a 500 error for accounts with over 10k rows, expected the file to download, chrome 120 on windows 11' });
  t.regex(result.content, /^# Bug: Export to CSV gives a 500 error for accounts with over 10k rows$/m);
  t.regex(result.content, /## Expected\n\nThe file should download\./);
  t.regex(result.content, /## Environment\n\n- Chrome 120\n- Windows 11/);
  const bare = await outcome('pilot', { brief: 'bug report from this slack message' });
  t.is(bare.draftKind, 'outline');
  t.regex(bare.content, /^# Bug report$/m);
  t.regex(bare.content, /## What happens[\s\S]+## Steps to reproduce[\s\S]+## Expected[\s\S]+## Environment/);
  const tickets = await outcome('pilot', { brief: 'turn this bug report into tickets', context: '- login broken on android\n- export cuts off at 1000 rows' });
  t.regex(tickets.content, /## 2\. Export cuts off at 1000 rows/);
});

test('"user stories for the new invoice export: finance wants csv and pdf, admins only, monthly" is a story with acceptance criteria from those facts only', async (t) => {
  const result = await outcome('pilot', { brief: 'user stories for the new invoice export: finance wants csv and pdf, admins only, monthly' });
  t.is(result.deliverable.kind, 'ticket_set');
  t.regex(result.content, /^# New invoice export: user stories$/m);
  t.regex(result.content, /^As a finance team member, I want the new invoice export in CSV and PDF\.$/m);
  t.regex(result.content, /- \[ \] The new invoice export gives a CSV file\.\n- \[ \] The new invoice export gives a PDF file\.\n- \[ \] Only admins can use the new invoice export\.\n- \[ \] The new invoice export runs monthly\./);
  t.regex(result.content, /## Open questions\n\n- The new invoice export is for admins only: are the people in finance who use it admins\?/);
  t.notRegex(result.content, /Admins only\.|so that/);
});

test('user stories over notes keep a "so ..." with its story and read "home cooks want ..." as a story', async (t) => {
  const result = await outcome('pilot', { brief: 'user stories for a recipe sharing app', context: '- users want to save recipes to a collection\n- admins need to remove spam recipes\n- home cooks want to share a recipe by link, so friends can cook it too' });
  t.regex(result.content, /^As a home cook, I want to share a recipe by link, so that friends can cook it too\.$/m);
  t.regex(result.content, /- \[ \] Admins can remove spam recipes\./);
  t.notRegex(result.content, /So friends can cook it too\.|## User stories/);
});

test('a message with two bugs ("two things: ..., and ...") is two bug reports, each with its own expected result and environment', async (t) => {
  const result = await outcome('pilot', { brief: 'turn this slack message into a bug report', context: 'two things: export to csv hangs on big files, and the date picker shows the wrong month on safari' });
  if (result.deliverable.kind !== 'ticket_set') return t.fail(result.deliverable.kind);
  t.deepEqual(result.deliverable.data.tickets.map((ticket) => ticket.title), ['Export to CSV hangs on big files', 'The date picker shows the wrong month on Safari']);
  t.regex(result.content, /^# Bug reports\n/);
  t.regex(result.content, /^## Bug 1: Export to CSV hangs on big files\n\n### What happens\n\nExport to CSV hangs on big files\.$/m);
  t.regex(result.content, /^### Expected\n\nExport to CSV does not hang on big files\.$/m);
  t.regex(result.content, /^## Bug 2: The date picker shows the wrong month on Safari$/m);
  t.regex(result.content, /^### Environment\n\n- Safari$/m);
  t.notRegex(result.content, /Two things/i);
});

test('the same message turned into tickets is a ticket per bug', async (t) => {
  const result = await outcome('pilot', { brief: 'turn this slack message into tickets', context: 'two things: export to csv hangs on big files, and the date picker shows the wrong month on safari' });
  if (result.deliverable.kind !== 'ticket_set') return t.fail(result.deliverable.kind);
  t.deepEqual(result.deliverable.data.tickets.map((ticket) => [ticket.title, ticket.acceptance_criteria]), [
    ['Export to CSV hangs on big files', ['Export to CSV does not hang on big files.']],
    ['The date picker shows the wrong month on Safari', ['The date picker shows the correct month on Safari.']],
  ]);
});
