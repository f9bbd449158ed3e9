import test from 'ava';
import { outcome } from './helpers.js';

/** A retro typed in lower case heads its columns in lower case, with no colons. */

test('"went well", "didn\'t go well" and "try" typed as lower-case headings sort their bullets', async (t) => {
  const context = `went well
* releases went out on time
* pairing on the billing bug
didn't go well
* too many meetings
* staging down twice
try
* tom owns staging monitoring`;
  const result = await outcome('mind', { brief: 'write up our retro', context });
  const well = result.content.split('## What went well\n\n')[1]!.split('\n\n')[0]!;
  const improve = result.content.split('## What to improve\n\n')[1]!.split('\n\n')[0]!;
  t.is(well, '- Releases went out on time\n- Pairing on the billing bug');
  t.is(improve, '- Too many meetings\n- Staging down twice');
  t.notRegex(result.content, /didn't go well/i);
  t.regex(result.content, /\*\*Tom\*\*: Own staging monitoring/);
});

test('"retro notes -> summary" is titled "Retrospective" with the team and date of the notes, and its ideas are ideas, not unassigned action items', async (t) => {
  const result = await outcome('mind', { brief: 'retro notes -> summary', context: "team phoenix retro, nov 28\nwent well: shipped search on time, good pairing\ndidnt go well: too many meetings, flaky CI\nideas: no-meeting wednesdays, fix CI first thing" });
  t.regex(result.content, /^# Retrospective: Team Phoenix, Nov 28$/m);
  t.regex(result.content, /## Ideas\n\n- No-meeting Wednesdays\n- Fix CI first thing/);
  t.notRegex(result.content, /Unassigned|Notes -> summary/);
});
