import test from 'ava';
import { outcome } from './helpers.js';

/** Introduction emails with notes: what the notes say of each person is said of them, not left out. */

test('an intro email says what the notes say of each person, in sentences, before why they should talk', async (t) => {
  const result = await outcome('writer', { brief: 'intro email connecting jen and tom', context: 'jen designer at figma\ntom leads sales at acme, wants design help' });
  t.regex(result.content, /^Hi Jen and Tom,\n\nI would like to introduce you to each other\.\n\nJen is a designer at Figma\.\n\nTom leads sales at Acme and wants design help\.\n\n\*\*I will let you two take it from here\.\*\*/m);
  const reasoned = await outcome('writer', { brief: 'write an intro email connecting sarah (our new designer) with tom from marketing, they should meet about the rebrand', context: 'sarah joined last month from spotify\ntom runs the brand team' });
  t.regex(reasoned.content, /Sarah is our new designer, and Tom is from marketing\.\n\nSarah joined last month from Spotify\.\n\nTom runs the brand team\.\n\nYou should meet about the rebrand\./);
});
