import test from 'ava';
import { revisions } from './helpers.js';

/** "Mention Sam", "add a PS about parking": a topic without the words. The client's material supplies them, or the revision says what it needs. */

const move = { brief: 'email to the team: we move to the new office on march 3', context: 'The new office is at 12 King Street. Parking is free in the basement after 6pm.' };

test('"add a PS about parking" makes the body\'s parking sentence the P.S., after the sign-off', async (t) => {
  const { revised: [after] } = await revisions('writer', move, 'add a PS about parking');
  t.regex(after!.content, /Kind regards,\n\nP\.S\. Parking is free in the basement after 6pm\.\n?$/);
  t.is(after!.content.match(/Parking/g)?.length, 1);
  t.regex(after!.content, /12 King Street/);
  t.deepEqual(after!.applied, ['add a P.S. about parking']);
});

test('"mention Sam" with nothing about Sam in the material says what it needs instead of returning the same email', async (t) => {
  const { revised: [after] } = await revisions('writer', { brief: 'email to the team: we move to the new office on march 3' }, 'mention Sam');
  t.deepEqual(after!.applied, []);
  t.deepEqual(after!.notApplied.map((entry) => entry.part), ['mention Sam']);
  t.regex(after!.notApplied[0]!.reason, /says nothing more about Sam; say what to say \(e\.g\. "mention that Sam \.\.\."\)/);
});

test('"mention the metro" adds what the client\'s notes say about it that the post left out, before its hashtags', async (t) => {
  const { original, revised: [after] } = await revisions('writer', { brief: 'linkedin post announcing our new office in Lisbon', context: 'The office opens in March. It has room for 40 people. Sam Costa will lead the Lisbon team. We are hiring engineers there. The building has a rooftop terrace. Coffee is from a local roaster. The metro stop is two minutes away.' }, 'mention the metro');
  t.notRegex(original, /metro/);
  t.regex(after!.content, /The metro stop is two minutes away\.\n\n#\w+$/);
  t.deepEqual(after!.applied, ['mention metro']);
});

test('a second P.S. is "P.P.S."', async (t) => {
  const { revised: [, second] } = await revisions('writer', { brief: 'email the team: all-hands on thursday at 3pm in the big room', context: 'Parking is free in the basement after 6pm.' }, 'add a PS about parking', 'add a ps: the lift is out of order');
  t.regex(second!.content, /\nP\.S\. Parking is free in the basement after 6pm\.\n\nP\.P\.S\. The lift is out of order\.\n?$/);
});

test('"make it friendlier and say we will have snacks monday": the fact is added, contracted with the rest, and reported applied', async (t) => {
  const { revised } = await revisions('writer', { brief: 'email to the team: office closed friday for maintenance, work from home, back monday' }, 'make it friendlier and say we will have snacks monday');
  const [friendlier] = revised;
  t.regex(friendlier!.content, /We(?:'|’)ll have snacks Monday\.|We will have snacks Monday\./);
  t.deepEqual(friendlier!.notApplied, []);
  t.true(friendlier!.applied.includes('tone_adjustment'));
});

test('"add a P.S. about parking" is one request: no "add a P.S" reported as unread beside it', async (t) => {
  const { revised: [after] } = await revisions('writer', { brief: 'email to the team: we move to the new office on march 3', context: 'The new office is at 12 King Street. Parking is in the basement, level -2. Bring your badge.' }, 'add a P.S. about parking');
  t.deepEqual(after!.applied, ['add a P.S. about parking']);
  t.deepEqual(after!.notApplied, []);
});
