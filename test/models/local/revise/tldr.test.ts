import test from 'ava';
import { revisions } from './helpers.js';

/** "add a tl;dr at the top": one line under the title that says the points in short. */

test('"add a tl;dr at the top" on a meeting summary says its summary points under the title', async (t) => {
  const { revised: [after, again] } = await revisions('mind', { brief: 'summarize these meeting notes', context: '- launch moved to may 3\n- budget approved at 40k\n- tom to update the roadmap by friday\n- lisa to email the vendor' }, 'add a tl;dr at the top', 'tldr please');
  t.regex(after!.content, /^# [^\n]+\n\n\*\*TL;DR:\*\* Launch moved to May 3; budget approved at 40k\.\n\n## Summary/);
  t.regex(again!.notApplied[0]!.reason, /has a TL;DR already/);
});

test('"tldr please" on a report gathers each part\'s first line; on an email it goes under the greeting', async (t) => {
  const { revised: [report] } = await revisions('writer', { brief: 'write a report on our Q3 support tickets', context: 'Tickets rose 20% in Q3 to 4,200. Median first response fell from 6 hours to 2 hours. Most tickets were about billing. We hired two agents in August. Satisfaction rose to 92%.' }, 'tldr please');
  t.regex(report!.content, /# Report on our Q3 support tickets\n\n\*\*TL;DR:\*\* Tickets rose 20% in Q3 to 4,200; median first response fell from 6 hours to 2 hours; satisfaction rose to 92%\.\n\n/);
  const { revised: [email] } = await revisions('writer', { brief: 'email the team: offsite moved to fri 14th, same place, bring laptops' }, 'add a one-line summary at the top');
  t.regex(email!.content, /Hi team,\n\n\*\*TL;DR:\*\* Offsite moved to Friday 14th; same place; bring laptops\.\n\nOffsite moved/);
  t.regex(email!.content, /\*\*Reply to this email with any question\.\*\*\n\nKind regards,/);
});
