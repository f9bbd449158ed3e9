import test from 'ava';
import { revisions } from './helpers.js';

/** "merge the first two points", "combine these two lines": two neighbouring parts become one, in their own words. */

test('"combine these two lines" on a one-line-a-paragraph email joins the fragment to the line before it', async (t) => {
  const { revised: [after] } = await revisions('writer', { brief: 'email the team: offsite moved to fri 14th, same place, bring laptops' }, 'combine these two lines');
  t.regex(after!.content, /Hi team,\n\nOffsite moved to Friday 14th, same place\.\n\nBring laptops\.\n\n/);
  t.deepEqual(after!.notApplied, []);
});

test('"merge the first two points" on a meeting summary joins its first two summary points; action items of two owners stay apart', async (t) => {
  const notes = { brief: 'summarize these meeting notes', context: '- launch moved to may 3\n- budget approved at 40k\n- tom to update the roadmap by friday\n- lisa to email the vendor' };
  const { revised: [after] } = await revisions('mind', notes, 'merge the first two points');
  t.regex(after!.content, /## Summary\n\n- Launch moved to May 3; budget approved at 40k\n\n## Decisions/);
  const { revised: [owners] } = await revisions('mind', notes, 'merge the last two points');
  t.regex(owners!.notApplied[0]!.reason, /different owners \(Tom, Lisa\)/);
});
