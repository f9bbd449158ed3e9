import test from 'ava';
import { swapVoice } from '../../../../models/local/revise/voice.js';
import { parseBlocks, renderBlocks } from '../../../../models/local/text/blocks.js';
import { revisions } from './helpers.js';

/** "Say 'we' not 'I'": the writer speaks for the team; every first-person word changes with its verb, and nothing else does. */

test('"say \'we\' not \'I\'" on an email changes "I need it" to "We need it" and keeps the greeting, facts and sign-off', async (t) => {
  const { revised: [after] } = await revisions('writer', { brief: 'email to Priya asking her to review the Q3 budget by friday, I need it for the board meeting on monday' }, "say 'we' not 'I'");
  t.regex(after!.content, /^We need it for the board meeting on Monday\.$/m);
  t.notRegex(after!.content, /\bI\b/);
  t.regex(after!.content, /^Hi Priya,$/m);
  t.regex(after!.content, /Q3 budget/);
  t.regex(after!.content, /^Kind regards,$/m);
  t.deepEqual(after!.applied, ['voice: "we", not "I"']);
});

test('"use we instead of I" on a LinkedIn post: "I just shipped my first library" becomes "We just shipped our first library"', async (t) => {
  const { revised: [after] } = await revisions('writer', { brief: 'linkedin post: I just shipped my first open source library, a tiny date parser for typescript, 2kb, zero deps' }, 'use we instead of I');
  t.regex(after!.content, /^We just shipped our first open source library\./m);
});

test('the verb follows the voice either way ("I am" / "we are", "let me" / "let us"), and "US" the country stays', (t) => {
  const plural = parseBlocks("Hi team,\n\nI am sure I'm right. My plan is ready; tell me.\n\nKind regards,");
  swapVoice(plural, 'we');
  t.is(renderBlocks(plural), "Hi team,\n\nWe are sure we're right. Our plan is ready; tell us.\n\nKind regards,");
  const single = parseBlocks('We are moving. Our plan is ready; let us know. The US team joins us.');
  swapVoice(single, 'I');
  t.is(renderBlocks(single), 'I am moving. My plan is ready; let me know. The US team joins me.');
});

test('a document with no "I" in it says so instead of returning the same text as changed', async (t) => {
  const { revised: [after] } = await revisions('writer', { brief: 'email to the team: the office is closed on monday' }, "say 'we' not 'I'");
  t.deepEqual(after!.applied, []);
  t.true(after!.notApplied.some((entry) => /no "I"/.test(entry.reason)));
});

test('"say it in the first person plural" speaks as "we"; "first person please" on a post in the first person says so', async (t) => {
  const { revised: [plural, again] } = await revisions('writer', { brief: 'linkedin post: I just shipped my first open source library, a tiny date parser for TypeScript. It is 2kb and has no dependencies.' }, 'say it in the first person plural', 'first person please');
  t.regex(plural!.content, /^We just shipped our first open source library/);
  t.regex(again!.notApplied[0]!.reason, /speaks as "we" already/);
});
