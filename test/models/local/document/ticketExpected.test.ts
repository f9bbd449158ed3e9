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
    'Avatar upload succeeds for png files over 2mb.',
    'Password reset link loads on iOS.',
    'Saving a draft works without an error when the title is empty.',
    'Drafts are saved when offline.',
    'Reset email arrives.',
    'Sync picks up renamed files.',
    'Filter shows items after refresh.',
  ]);
});
