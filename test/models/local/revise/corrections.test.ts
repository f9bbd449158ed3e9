import test from 'ava';
import { revisions } from './helpers.js';

test('"change march 3 to march 10" writes the new date as the document wrote the old one, "March 10"', async (t) => {
  const { revised: [after] } = await revisions('writer', { brief: 'email to the team: we move to the new office on march 3' }, 'change march 3 to march 10');
  t.regex(after!.content, /\*\*Subject:\*\* .*March 10/);
  t.notRegex(after!.content, /march 10|March 3/);
});
