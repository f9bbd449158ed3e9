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

const lisbon = { brief: 'linkedin post: we are opening a new office in lisbon in march, hiring 10 engineers', context: 'we chose lisbon for the time zone and the talent. pricing for our product stays the same.' };

test('"remove anything about pricing", "take out the pricing stuff", "no need to mention pricing" take the pricing line out of a post', async (t) => {
  for (const feedback of ['remove anything about pricing', 'take out the pricing stuff', 'no need to mention pricing', 'get rid of everything about pricing']) {
    const { original, revised: [after] } = await revisions('writer', lisbon, feedback);
    t.regex(original, /Pricing for our product stays the same\./);
    t.notRegex(after!.content, /pricing/i, feedback);
    t.regex(after!.content, /We chose Lisbon for the time zone and the talent\.|We chose lisbon/);
    t.deepEqual(after!.applied, ['remove: pricing'], feedback);
  }
});

test('"don\'t mention the budget" on a meeting summary drops the budget point, and adds nothing', async (t) => {
  const { revised: [after] } = await revisions('mind', { brief: 'summarize our weekly sync', context: 'launch moves to april 2, dana to tell sales. budget: we have $20k left for q2, lee to draft the plan by friday. hiring: one backend role open, sam runs interviews.' }, "don't mention the budget");
  t.notRegex(after!.content, /budget|\$20k/i);
  t.regex(after!.content, /Launch moves to April 2/);
  t.deepEqual(after!.applied, ['remove: budget']);
});

test('"drop the bit about hiring" on a post takes out only the hiring clause of the news line, in the post\'s data too', async (t) => {
  const { original, revised: [after] } = await revisions('writer', lisbon, 'drop the bit about hiring');
  t.regex(original, /^We are opening a new office in Lisbon in March, hiring 10 engineers\.$/m);
  t.is(after!.content.trim(), original.trim().replace('We are opening a new office in Lisbon in March, hiring 10 engineers.', 'We are opening a new office in Lisbon in March.'));
  t.deepEqual(after!.applied, ['remove: hiring']);
  t.regex(String((after!.deliverable.data.posts as Array<{ text: string }>)[0]!.text), /^We are opening a new office in Lisbon in March\.\n/);
});

test('"remove the part about lee" keeps the budget figure of the summary line and drops only the clause that names Lee', async (t) => {
  const { revised: [after] } = await revisions('mind', { brief: 'summarize our weekly sync', context: 'launch moves to april 2, dana to tell sales. budget: we have $20k left for q2, lee to draft the plan by friday.' }, 'remove the part about lee');
  t.regex(after!.content, /^- Budget: we have \$20k left for Q2\.$/m);
  t.notRegex(after!.content, /\blee\b/i);
  // The summary's data keeps the line that is left, not the old one nor none.
  t.deepEqual(after!.deliverable.data.summary, ['Launch moves to April 2, dana to tell sales.', 'Budget: we have $20k left for Q2.']);
});

test('"remove the part about the billing engine" on a blog post takes it out of the front matter description too', async (t) => {
  const blog = { brief: 'blog post announcing our new api pricing', context: 'pricing now starts at $0.02 per call. we built a new billing engine for it. free tier of 1,000 calls a month.' };
  const { original, revised: [after] } = await revisions('writer', blog, 'remove the part about the billing engine');
  t.regex(original, /^description: ".*billing engine/m);
  t.notRegex(after!.content, /billing engine/i);
  t.regex(after!.content, /^description: "Pricing now starts at \$0\.02 per call\..*"$/m);
});
