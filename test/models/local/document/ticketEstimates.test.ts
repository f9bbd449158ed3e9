import test from 'ava';
import { outcome } from './helpers.js';

/** Tasks asked with estimates the notes do not give: said once, plainly, under a title from the notes; no size is made up. */

test('"break this into tasks with estimates" over "new onboarding flow: ..." is titled by the flow and says once that no estimate is given', async (t) => {
  const result = await outcome('pilot', { brief: 'break this into tasks with estimates', context: 'new onboarding flow: welcome screen, connect calendar, invite teammates' });
  if (result.deliverable.kind !== 'ticket_set') return t.fail(result.deliverable.kind);
  t.regex(result.content, /^# New onboarding flow: tasks\n\n\*\*Estimates:\*\* the notes give none, so none is set here; each needs a size from the team\.\n/);
  t.deepEqual(result.deliverable.data.tickets.map((ticket) => ticket.title), ['Welcome screen', 'Connect calendar', 'Invite teammates']);
  t.true(result.deliverable.data.tickets.every((ticket) => ticket.estimate === null));
  t.notRegex(result.content, /not given|Estimates: tickets/);
});

test('an estimate the notes give is kept on its ticket, without the comma before it; the title is not "Estimates in story points"', async (t) => {
  const result = await outcome('pilot', { brief: 'tickets with estimates in story points', context: 'add csv export, 3 points\nfix login bug\nnew pricing page' });
  t.regex(result.content, /^# Tickets\n/);
  t.regex(result.content, /^## 1\. Add CSV export\n\nAdd CSV export\.$/m);
  t.regex(result.content, /^\*\*Estimate:\*\* 3 points$/m);
  t.regex(result.content, /^\*\*Estimate:\*\* not given \(in points\)$/m);
});
