import test from 'ava';
import { outcome } from './helpers.js';
import { recognise } from '../../../../models/local/document/recognise.js';

/** "Break this down into tasks" over a project's notes, typed as people type them. */

const notes = 'launch the referral program: give $20 credit to referrer and friend. needs landing page, tracking in signup flow, email to existing users, fraud check (same card/ip). marketing wants it live by feb 1.';

test('things to make are tickets titled by what is done to them, done when the thing exists', async (t) => {
  const result = await outcome('pilot', { brief: 'break this down into tasks', context: notes });
  if (result.deliverable.kind !== 'ticket_set') return t.fail(result.deliverable.kind);
  const tickets = result.deliverable.data.tickets;
  t.deepEqual(tickets.slice(1).map((ticket) => [ticket.title, ticket.acceptance_criteria[0]]), [
    ['Build landing page', 'Landing page is live.'],
    ['Add tracking in signup flow', 'Tracking in signup flow is in place.'],
    ['Send email to existing users', 'Email to existing users is sent.'],
    ['Add fraud check (same card/ip)', 'Fraud check (same card/ip) is in place.'],
  ]);
  // The goal the notes open with is what for, not a place: no "... in launch the referral program".
  t.is(tickets[0]!.acceptance_criteria[0], 'Give $20 credit to referrer and friend.');
});

test('the date the whole set is due by is in every ticket, and the goal titles the set', async (t) => {
  const result = await outcome('pilot', { brief: 'break this down into tasks', context: notes });
  if (result.deliverable.kind !== 'ticket_set') return t.fail(result.deliverable.kind);
  t.is(result.deliverable.data.title, 'Launch the referral program: tasks');
  t.is(result.deliverable.data.tickets.length, 5);
  for (const ticket of result.deliverable.data.tickets) t.regex(ticket.description, /Marketing wants it live by Feb 1\.$/);
  t.notRegex(result.content, /^# Down/m);
});

test('"break X down into tasks", "break down X into tasks" and "make tickets out of these notes" name their subject, or none', (t) => {
  const subject = (brief: string) => recognise('pilot', brief, {}, true).subject;
  t.is(subject('break down the referral program into tasks'), 'referral program');
  t.is(subject('break this down into tasks'), 'these notes');
  t.is(subject('can you break this into subtasks'), 'these notes');
  t.is(subject('make tickets out of these notes'), 'these notes');
});

test('a bug is still titled as reported, not as a thing to add', async (t) => {
  const result = await outcome('pilot', { brief: 'tickets for these', context: '- pdf export missing logo\n- needs dark mode' });
  if (result.deliverable.kind !== 'ticket_set') return t.fail(result.deliverable.kind);
  t.deepEqual(result.deliverable.data.tickets.map((ticket) => [ticket.title, ticket.acceptance_criteria[0]]), [
    ['PDF export missing logo', 'PDF export includes the logo.'],
    ['Add dark mode', 'Dark mode is available.'],
  ]);
});

test('"tickets for: a, b, c" lists the tickets after "for:": the set is titled "Tickets", not "For: tickets"', async (t) => {
  const result = await outcome('pilot', { brief: 'tickets for: dark mode toggle, persist the preference, respect the OS setting' });
  t.regex(result.content, /^# Tickets$/m);
  t.regex(result.content, /^## 1\. Add dark mode toggle$/m);
  t.regex(result.content, /^## 2\. Persist the preference$/m);
});
