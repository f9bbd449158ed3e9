import test from 'ava';
import { revisions } from './helpers.js';

/** "Move the deadline to the 5th": the date given for that thing changes everywhere it is written, and only that date. */

test('"move the deadline to the 5th" on an email changes "delayed to the 3rd" to "the 5th" and keeps the rest', async (t) => {
  const { revised: [after] } = await revisions('writer', { brief: 'email to client Dana: the report is delayed to the 3rd because the data arrived late, sorry' }, 'move the deadline to the 5th');
  t.regex(after!.content, /delayed to the 5th because the data arrived late/);
  t.notRegex(after!.content, /3rd/);
  t.regex(after!.content, /^Kind regards,$/m);
  t.deepEqual(after!.applied, ['move date: deadline to the 5th']);
});

test('"push the launch to March 5" moves the launch, not the retro on the same line', async (t) => {
  const { revised: [after] } = await revisions('writer', { brief: 'email to the team: the launch is on march 3, the retro is on march 10' }, 'push the launch to March 5');
  t.regex(after!.content, /^The launch is on March 5\.\n\nThe retro is on March 10\.$/m);
  t.regex(after!.content, /^\*\*Subject:\*\* The launch is on March 5/m);
});

test('"change the deadline to thursday" moves the date, and is not read as "thursday, not deadline"', async (t) => {
  const { revised: [after] } = await revisions('writer', { brief: 'email to Priya asking her to review the Q3 budget by friday, I need it for the board meeting on monday' }, 'change the deadline to thursday');
  t.regex(after!.content, /review the Q3 budget by Thursday/);
  t.regex(after!.content, /board meeting on Monday/);
  t.deepEqual(after!.notApplied, []);
});

test('a meeting summary\'s action item gets its new due day in the document and in the data', async (t) => {
  const { revised: [after] } = await revisions('mind', { brief: 'meeting summary', context: 'Weekly sync. We decided to launch on friday. Tom will update the website by thursday. Priya to email the customers.' }, 'move the website update to wednesday');
  t.regex(after!.content, /\*\*Tom\*\*: Update the website \(due Wednesday\)/);
  t.regex(after!.content, /launch on Friday/);
  t.regex(JSON.stringify(after!.deliverable.data), /Wednesday/);
  t.notRegex(JSON.stringify(after!.deliverable.data), /Thursday/);
});

test('with two dates and none about what moves, the revision asks which instead of guessing', async (t) => {
  const { revised: [after] } = await revisions('writer', { brief: 'email to the team: the launch is on march 3, the retro is on march 10' }, 'move the date to the 5th');
  t.deepEqual(after!.applied, []);
  t.true(after!.notApplied.some((entry) => /several dates \(March 3, March 10\)/.test(entry.reason)));
});
