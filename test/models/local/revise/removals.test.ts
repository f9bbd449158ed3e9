import test from 'ava';
import { revisions } from './helpers.js';

/** "Drop the part about pricing", "remove the action item about ...": the document and its deliverable both lose it, and nothing else. */

const invites = { brief: 'PRD for team invites', context: 'admins invite teammates by email\ninvites expire after 7 days\npricing: each seat is $8 per month, billed monthly\nlaunch on June 10' };
const designSync = {
  brief: "summary of today's design sync",
  context: 'we agreed to ship the new onboarding on May 5\nPriya will update the style guide by Thursday\nTom will book the usability lab by Monday\nwe chatted about the holiday party',
};
type Action = { owner: string | null; task: string };

test('"drop the part about pricing" takes the pricing requirement out of the PRD and of its deliverable', async (t) => {
  const { revised: [after] } = await revisions('pilot', invites, 'drop the part about pricing');
  t.false(after!.content.includes('$8'));
  // "admins invite teammates by email" says what the product does: a requirement, not the problem.
  t.deepEqual(after!.deliverable.data.requirements, ['Admins invite teammates by email.', 'Invites expire after 7 days.']);
  t.deepEqual(after!.deliverable.data.problem, []);
});

test('"remove the action item about the style guide" removes that action item only, not the Action items section, in the deliverable too', async (t) => {
  const { revised: [after] } = await revisions('mind', designSync, 'remove the action item about the style guide');
  t.regex(after!.content, /## Action items\n\n- \[ \] \*\*Tom\*\*: Book the usability lab \(due Monday\)/);
  t.notRegex(after!.content, /\*\*Priya\*\*: Update the style guide/);
  t.deepEqual(after!.applied, ['remove: style guide']);
  t.deepEqual((after!.deliverable.data.action_items as Action[]).map((item) => item.owner), ['Tom']);
});
