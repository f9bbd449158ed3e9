import test from 'ava';
import { revisions } from './helpers.js';

const move = { brief: 'email to the team: we move to the new office on march 3', context: 'The new office is at 12 King Street. Parking is free in the basement after 6pm. Movers come on saturday.' };

test('"make the parking line bold" sets that line in bold, and only it', async (t) => {
  const { revised: [after] } = await revisions('writer', move, 'make the parking line bold');
  t.regex(after!.content, /^\*\*Parking is free in the basement after 6pm\.\*\*$/m);
  t.regex(after!.content, /^The new office is at 12 King Street\.$/m);
  t.deepEqual(after!.applied, ['bold: parking']);
});

test('"bold the address" with nothing about an address says so', async (t) => {
  const { revised: [after] } = await revisions('writer', { brief: 'email to the team: we move to the new office on march 3' }, 'bold the address');
  t.deepEqual(after!.applied, []);
  t.regex(after!.notApplied[0]!.reason, /no line of the document is about address/);
});

test('"bold the numbers" sets each figure in bold, in the table and the text; "bold the deadline" finds the line that gives it', async (t) => {
  const { revised: [numbers] } = await revisions('mind', { brief: 'write a status update for my manager from this', context: 'shipped the new onboarding flow. signup conversion up from 12% to 15%. blocked on legal review of the new terms. next: start the pricing page redesign monday' }, 'bold the numbers');
  t.regex(numbers!.content, /\| Signup conversion \| \*\*15%\*\* \(was \*\*12%\*\*\) \|/);
  t.regex(numbers!.content, /up from \*\*12%\*\* to \*\*15%\*\*/);
  t.regex(numbers!.content, /\| Measure \| Now \|/);
  const email = { brief: 'email to staff about the new parking rules', context: 'From March 1 the car park needs a permit. Please apply for your permit by February 20. Permits are free and you can get one from reception.' };
  const { revised: [deadline] } = await revisions('writer', email, 'bold the deadline');
  t.regex(deadline!.content, /\*\*Please apply for your permit by February 20\.\*\*/);
  t.true(deadline!.applied.length + deadline!.notApplied.length > 0);
  t.notRegex(JSON.stringify(deadline!.notApplied), /no line of the document is about deadline/);
});
