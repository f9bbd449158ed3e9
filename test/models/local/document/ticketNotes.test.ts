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
    'Login completes without timing out after 5 min on safari.',
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
    ['Apple Pay button does nothing on safari.', 'Apple Pay button works on safari.'],
    ['Order total shows wrong tax for EU customers.', 'Order total shows correct tax for EU customers.'],
  ]);
});
