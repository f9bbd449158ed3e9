import test from 'ava';
import { outcome } from './helpers.js';

/** A bug list typed the way people keep one, turned into tickets. */

const notes = `- export button hidden on mobile
- csv export drops the last row
- add dark mode to settings (nice to have)
- login times out after 5 min on safari, customers complaining`;

test('each ticket is done when the fault is gone or the feature is there, not when the note is restated', async (t) => {
  const result = await outcome('pilot', { brief: 'turn these into jira tickets', context: notes });
  if (result.deliverable.kind !== 'ticket_set') return t.fail(result.deliverable.kind);
  t.deepEqual(result.deliverable.data.tickets.map((ticket) => ticket.acceptance_criteria[0]), [
    'Export button is shown on mobile.',
    'CSV export includes the last row.',
    'Dark mode is available in settings.',
    'Login completes without timing out after 5 min on Safari.',
  ]);
});

test('"jira tickets" names where the tickets go: the set is titled "Tickets"', async (t) => {
  const result = await outcome('pilot', { brief: 'turn these into jira tickets', context: notes });
  t.regex(result.content, /^# Tickets$/m);
});

test('plain lower-case lines, one bug each, are one ticket each, written with their capitals', async (t) => {
  const result = await outcome('pilot', { brief: 'tickets for the checkout bugs', context: 'coupon field missing on mobile\napple pay button does nothing on safari\norder total shows wrong tax for EU customers' });
  if (result.deliverable.kind !== 'ticket_set') return t.fail(result.deliverable.kind);
  t.deepEqual(result.deliverable.data.tickets.map((ticket) => [ticket.description, ticket.acceptance_criteria[0]]), [
    ['Coupon field missing on mobile.', 'Coupon field is shown on mobile.'],
    ['Apple Pay button does nothing on Safari.', 'Apple Pay button works on Safari.'],
    ['Order total shows wrong tax for EU customers.', 'Order total shows correct tax for EU customers.'],
  ]);
});

test('a bug typed as notes says what fixed looks like: sent once, faster than today, works; browsers spelled; "onboarding" is no command', async (t) => {
  const result = await outcome('pilot', {
    brief: 'write tickets for these',
    context: '- users can\'t reset password on mobile safari\n- onboarding email sends twice for google signups\n- slow dashboard for accounts with 50+ projects\n- avatar upload slow on android\n- logout broken in chrome and firefox',
  });
  if (result.deliverable.kind !== 'ticket_set') return t.fail(result.deliverable.kind);
  t.deepEqual(result.deliverable.data.tickets.map((ticket) => [ticket.title, ticket.acceptance_criteria[0]]), [
    ["Users can't reset password on mobile Safari", 'Users can reset password on mobile Safari.'],
    ['Onboarding email sends twice for Google signups', 'Onboarding email sends once for Google signups.'],
    ['Slow dashboard for accounts with 50+ projects', 'Dashboard for accounts with 50+ projects is faster than today.'],
    ['Avatar upload slow on Android', 'Avatar upload is faster than today on Android.'],
    ['Logout broken in Chrome and Firefox', 'Logout works in Chrome and Firefox.'],
  ]);
});

test('a bug note\'s aside (when it started, who reported it) stays in the description; the check says what fixed looks like', async (t) => {
  const context = `- checkout button does nothing on safari 16, happens since tuesday's deploy
- password reset email takes 10+ min to arrive, reported by 3 customers
- csv export cuts off at 1000 rows
- dark mode: settings page text unreadable (grey on grey)`;
  const result = await outcome('pilot', { brief: 'turn these bug notes into tickets', context });
  if (result.deliverable.kind !== 'ticket_set') return t.fail(result.deliverable.kind);
  t.deepEqual(result.deliverable.data.tickets.map((ticket) => ticket.acceptance_criteria[0]), [
    'Checkout button works on Safari 16.',
    'Password reset email arrives faster than today\'s 10+ min.',
    'CSV export includes all rows, not only the first 1000.',
    'Settings page text is readable in dark mode.',
  ]);
  t.regex(result.content, /^Checkout button does nothing on Safari 16, happens since Tuesday's deploy\.$/m);
  t.regex(result.content, /^Password reset email takes 10\+ min to arrive, reported by 3 customers\.$/m);
});

test('a long bug line is titled whole, or ends before its condition; never mid-phrase ("... when the")', async (t) => {
  const result = await outcome('pilot', { brief: 'turn these bugs into tickets', context: '- save button hidden on mobile safari when the keyboard is open\n- search returns no results when the query has a trailing space\n- export to pdf cuts off the last page when the report has more than 20 pages' });
  t.deepEqual(result.content.match(/^## .+$/gm), [
    '## 1. Save button hidden on mobile Safari when the keyboard is open',
    '## 2. Search returns no results when the query has a trailing space',
    '## 3. Export to PDF cuts off the last page',
  ]);
  t.regex(result.content, /Export to PDF cuts off the last page when the report has more than 20 pages\./);
});
