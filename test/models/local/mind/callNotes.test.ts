import test from 'ava';
import { outcome } from '../document/helpers.js';

/** Notes of a sync or a call pasted under a one-line ask: the heading names the meeting once, "AI:" lines are their people's. */

const sync = `weekly sync 11/24
attendees: maria, dev, kofi, lauren

- maria: q4 numbers look ok, churn down to 3.1% from 3.8%
- kofi wants to push the dashboard redesign to january, team agreed
- lauren: hiring for 2 backend roles, 14 applicants so far
AI: dev to ping auth team today
AI: lauren send shortlist to maria by fri`;

test('"summarize this" over "weekly sync 11/24": the date once in the title, and "AI: lauren send ..." is Lauren\'s', async (t) => {
  const result = await outcome('mind', { brief: 'summarize this', context: sync });
  t.regex(result.content, /^# Meeting summary: Weekly Sync, 11\/24$/m);
  t.regex(result.content, /^- \[ \] \*\*Lauren\*\*: Send shortlist to Maria \(due Friday\)$/m);
  t.notRegex(result.content, /Unassigned/);
});

test('"action items from this call": titled as the action items of the call, "w/" in words', async (t) => {
  const notes = 'call w/ northwind, nov 25\n- they want sso before renewal (feb)\n- jamie to send security questionnaire back by dec 5\n- follow up call in 2 wks';
  const result = await outcome('mind', { brief: 'action items from this call', context: notes });
  t.regex(result.content, /^# Action items: Call with Northwind, Nov 25$/m);
  t.regex(result.content, /^- \[ \] \*\*Jamie\*\*: Send security questionnaire back \(due Dec 5\)$/m);
});
