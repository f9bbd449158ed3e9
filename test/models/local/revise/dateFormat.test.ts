import test from 'ava';
import { revisions } from './helpers.js';

/** "translate the dates to UK format": every date in the order of day and month the reader expects. */

const email = { brief: 'email to staff about the new parking rules', context: 'From March 1 the car park needs a permit. Permits are free and you can get one from reception. Visitors park in bays 1 to 10 and sign in at the desk. Bikes go in the shed behind building B, which now has 40 spaces. Please apply for your permit by February 20.' };

test('"translate the dates to UK format" writes each date day first, and "US date format" back', async (t) => {
  const { revised: [uk, us] } = await revisions('writer', email, 'translate the dates to UK format', 'US date format please');
  t.regex(uk!.content, /From 1 March the car park needs a permit\./);
  t.regex(uk!.content, /\*\*Please apply for your permit by 20 February\.\*\*/);
  t.regex(uk!.content, /bays 1 to 10/);
  t.regex(us!.content, /From March 1 the car park/);
  t.regex(us!.content, /by February 20\.\*\*/);
});

test('"use british dates" on a meeting summary changes its dates and nothing else', async (t) => {
  const { revised: [after] } = await revisions('mind', { brief: 'summarize these meeting notes', context: '- launch moved to may 3\n- budget approved at 40k\n- tom to update the roadmap by friday' }, 'use british dates');
  t.regex(after!.content, /- Launch moved to 3 May/);
  t.regex(after!.content, /Budget approved at 40k/);
  t.deepEqual(after!.applied, ['dates in UK format']);
});

test('"translate the dates to european format" writes the days first, and the report names the format asked for', async (t) => {
  const { revised: [after] } = await revisions('writer', { brief: 'email to the team: we move to the new office on march 3', context: 'The old office closes on February 28.' }, 'translate the dates to european format');
  t.regex(after!.content, /We move to the new office on 3 March\./);
  t.regex(after!.content, /The old office closes on 28 February\./);
  t.notRegex(after!.content, /March 3|February 28/);
  t.deepEqual(after!.applied, ['dates in European (day-first) format']);
});
