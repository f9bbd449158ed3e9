import test from 'ava';
import { revisions } from './helpers.js';

/** "ok but keep the numbers" after a shorter version: the lines whose figures it lost come back, where they were. */

const move = { brief: 'email to the team: we move to the new office on march 3', context: 'The new office is at 12 King Street. Parking is in the basement, level -2. Bring your badge. The old office closes on February 28. Movers cost $4,000 and arrive at 8am.' };

test('"ok but keep the numbers" after "cut it in half" brings back the lines with the parking level, the closing date and the movers\' cost', async (t) => {
  const { revised: [half, kept] } = await revisions('writer', move, 'cut it in half', 'ok but keep the numbers');
  t.notRegex(half!.content, /\$4,000/);
  t.regex(kept!.content, /Parking is in the basement, level -2\./);
  t.regex(kept!.content, /The old office closes on February 28\./);
  t.regex(kept!.content, /Movers cost \$4,000 and arrive at 8am\.\n\n\*\*Reply to this email/);
  t.deepEqual(kept!.applied, ['keep the numbers']);
});

test('"keep the numbers" on a meeting summary cut in half brings back the launch date, not a "Q2" for an "April 2"', async (t) => {
  const { revised: [, kept] } = await revisions('mind', { brief: 'summarize our weekly sync', context: 'launch moves to april 2, dana to tell sales. budget: we have $20k left for q2, lee to draft the plan by friday. hiring: one backend role open, sam runs interviews.' }, 'cut it in half', 'ok but keep the numbers');
  t.regex(kept!.content, /Launch moves to April 2/);
  t.regex(kept!.content, /\$20k left for Q2/);
});

test('"keep the numbers" on a first draft says every figure is kept, and changes nothing', async (t) => {
  const { original, revised: [kept] } = await revisions('writer', move, 'ok but keep the numbers');
  t.is(kept!.content, original);
  t.regex(kept!.notApplied[0]!.reason, /every figure of the first draft is in the document already/);
});
