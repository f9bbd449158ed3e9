import test from 'ava';
import { revisions } from './helpers.js';

/** What a revision adds, as people ask for it. */

const move = { brief: 'email to the team: we move to the new office on march 3', context: 'The new office is at 12 King Street. Parking is free in the basement after 6pm.' };

test('"add: the kitchen opens on day one" adds the words after the colon', async (t) => {
  const { revised: [after] } = await revisions('writer', move, 'add: the kitchen opens on day one');
  t.regex(after!.content, /The kitchen opens on day one\./);
  t.deepEqual(after!.applied, ['add fact: The kitchen opens on day one.']);
  t.deepEqual(after!.notApplied, []);
});

test('"add: can we bring guests?" stays a question for the FAQ reader, not a fact', async (t) => {
  const { revised: [after] } = await revisions('writer', move, 'add: can we bring guests?');
  t.false(after!.applied.some((part) => part.startsWith('add fact')));
});

test('"add a line at the end inviting people to apply" adds the invitation', async (t) => {
  const { revised: [after] } = await revisions('writer', { brief: 'linkedin post announcing our new office in Lisbon', context: 'The office opens in March. We are hiring engineers there.' }, 'add a line at the end inviting people to apply');
  t.regex(after!.content, /Please apply\./);
  t.deepEqual(after!.notApplied, []);
});
