import test from 'ava';
import { revisions } from './helpers.js';

/** "Add a call to action to ...": the action is said to the readers, where they read it (never on a post's line of hashtags). */

const post = { brief: 'linkedin post announcing we hired Sam Patel as head of design, she starts monday, she led design at Acme for 6 years' };

test('"add a call to action to sign up for our newsletter" on a LinkedIn post adds "Please sign up for our newsletter." before its hashtags', async (t) => {
  const { original, revised: [after] } = await revisions('writer', post, 'add a call to action to sign up for our newsletter');
  t.regex(after!.content, /Please sign up for our newsletter\.\n\n#\w+(?: #\w+)*$/);
  t.notRegex(after!.content, /#\w+ Please/);
  t.regex(after!.content, /Sam Patel/);
  t.true(after!.content.startsWith(original.split('\n')[0]!));
  t.deepEqual(after!.notApplied, []);
});

test('"add a cta to the end" names a place, not an action, and is not written as "Please the end."', async (t) => {
  const { revised: [after] } = await revisions('writer', post, 'add a cta to the end');
  t.notRegex(after!.content, /Please the end/);
  t.deepEqual(after!.applied, []);
});

test('"mention that applications close on friday" on a LinkedIn post goes in its text, not on its hashtag line', async (t) => {
  const { revised: [after] } = await revisions('writer', post, 'mention that applications close on friday');
  t.regex(after!.content, /Applications close on Friday\.\n\n#\w+(?: #\w+)*$/);
});
