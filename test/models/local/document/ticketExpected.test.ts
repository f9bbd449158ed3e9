import test from 'ava';
import { outcome } from './helpers.js';

/** A bug's acceptance criterion states the behaviour expected once it is fixed, never the bug again. */

test('"search returns no results when the query has a trailing space": done when it returns results then', async (t) => {
  const result = await outcome('pilot', { brief: 'ticket: search returns no results when the query has a trailing space' });
  if (result.deliverable.kind !== 'ticket_set') return t.fail(result.deliverable.kind);
  t.deepEqual(result.deliverable.data.tickets[0]!.acceptance_criteria, ['Search returns results when the query has a trailing space.']);
  t.notRegex(result.content, /- \[ \] Search returns no results/);
});

test('bugs typed as notes (fails, fails to, throws an error, not saved, never arrives, doesn\'t + any verb) each say what fixed looks like', async (t) => {
  const result = await outcome('pilot', {
    brief: 'turn these bugs into tickets',
    context: '- avatar upload fails for png files over 2mb\n- password reset link fails to load on ios\n- saving a draft throws an error when the title is empty\n- drafts are not saved when offline\n- reset email never arrives\n- sync doesnt pick up renamed files\n- filter shows 0 items after refresh',
  });
  if (result.deliverable.kind !== 'ticket_set') return t.fail(result.deliverable.kind);
  t.deepEqual(result.deliverable.data.tickets.map((ticket) => ticket.acceptance_criteria[0]), [
    'Avatar upload succeeds for png files over 2MB.',
    'Password reset link loads on iOS.',
    'Saving a draft works without an error when the title is empty.',
    'Drafts are saved when offline.',
    'Reset email arrives.',
    'Sync picks up renamed files.',
    'Filter shows items after refresh.',
  ]);
});

test('bugs as people list them in one line (returns nothing, greyed out, resets, freezes, stuck at, logged out) each say what fixed looks like', async (t) => {
  const result = await outcome('pilot', { brief: 'tickets for these bugs: search returns nothing for names with accents; export button greyed out for admins; dark mode toggle resets after logout' });
  if (result.deliverable.kind !== 'ticket_set') return t.fail(result.deliverable.kind);
  t.deepEqual(result.deliverable.data.tickets.map((ticket) => ticket.acceptance_criteria[0]), [
    'Search returns results for names with accents.',
    'Export button is enabled for admins.',
    'Dark mode toggle keeps its setting after logout.',
  ]);
  const more = await outcome('pilot', { brief: 'turn these bugs into tickets', context: '- app freezes on the upload screen\n- upload stuck at 99%\n- users get logged out after 5 minutes\n- add an option to disable notifications' });
  if (more.deliverable.kind !== 'ticket_set') return t.fail(more.deliverable.kind);
  t.deepEqual(more.deliverable.data.tickets.map((ticket) => ticket.acceptance_criteria[0]), [
    'App does not freeze on the upload screen.',
    'Upload does not get stuck at 99%.',
    'Users stay logged in after 5 minutes.',
    'An option to disable notifications is available.',
  ]);
});
