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
