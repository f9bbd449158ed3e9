import test from 'ava';
import { withoutChatNoise } from '../../../../models/local/revise/chatNoise.js';
import { revisions } from './helpers.js';

/** A tone change rewords; it never drops what the writer said. */

test('"more formal" keeps a cover letter\'s "Thank you for your time and consideration." and says the letter already reads formal', async (t) => {
  const { original, revised: [after] } = await revisions('writer', { brief: 'cover letter for a product manager role at Figma, I have 5 years at Stripe leading payments onboarding, grew activation 25%' }, 'more formal');
  t.regex(original, /Thank you for your time and consideration\./);
  t.regex(after!.content, /Thank you for your time and consideration\./);
  t.deepEqual(after!.applied, []);
  t.true(after!.notApplied.some((entry) => entry.part === 'tone_adjustment'));
});

test('chat thanks go when a revision tidies a chat, but a thank-you that says something stays', (t) => {
  t.is(withoutChatNoise('thanks all!'), '');
  t.is(withoutChatNoise('thx for the update, van 3 is in the shop'), 'Van 3 is in the shop');
  t.is(withoutChatNoise('Thank you for your patience while we move the servers.'), 'Thank you for your patience while we move the servers.');
});

test('"make it sound less like a robot" is a warmer voice, not feedback the local model cannot read', async (t) => {
  const { revised: [after] } = await revisions('writer', { brief: 'email to the team: we move to the new office on march 3', context: 'The new office is at 12 King Street.' }, 'make it sound less like a robot');
  t.deepEqual(after!.applied, ['tone_adjustment']);
  t.regex(after!.content, /Warm wishes,|Any questions\? Just reply/);
});

test('"too formal" is read as a wish for a more casual voice', async (t) => {
  const { revised: [after] } = await revisions('writer', { brief: 'email to the team: we move to the new office on march 3', context: 'The new office is at 12 King Street.' }, 'too formal');
  t.deepEqual(after!.applied, ['tone_adjustment']);
});

test('"make it friendlier" on a post rewords what is there (contractions), with no stock opener and no new claim', async (t) => {
  const { original, revised: [after] } = await revisions('writer', { brief: 'linkedin post: we are opening a new office in lisbon in march, hiring 10 engineers' }, 'make it friendlier');
  t.regex(original, /We are opening a new office in Lisbon in March, hiring 10 engineers\./);
  t.regex(after!.content, /^We're opening a new office in Lisbon in March, hiring 10 engineers\.$/m);
  t.notRegex(after!.content, /Here's the short version|Here's a quick|Good news:/);
  t.is(after!.content.split('\n').filter((line) => line.trim()).length, original.split('\n').filter((line) => line.trim()).length);
  t.deepEqual(after!.applied, ['tone_adjustment']);
});

test('"add a line at the top: ..." opens an email under its greeting, never above its subject line', async (t) => {
  const { revised: [after] } = await revisions('writer', { brief: 'email to the team: we move to the new office on march 3, bring your badge' }, 'add a line at the top: Thanks everyone for a great week');
  t.regex(after!.content, /^\*\*Subject:\*\* .+\n\nHi team,\n\nThanks everyone for a great week\.\n\nWe move to the new office on March 3\b/);
});

test('"can you make it sound more like me, casual", "more chill", "less stiff pls" ask for a casual voice', async (t) => {
  for (const feedback of ['can you make it sound more like me, casual', 'more chill', 'less stiff pls']) {
    const { revised: [after] } = await revisions('writer', { brief: 'linkedin post: we are opening a new office in lisbon in march, hiring 10 engineers' }, feedback);
    t.deepEqual(after!.applied, ['tone_adjustment'], feedback);
    t.regex(after!.content, /We're opening a new office in Lisbon in March/, feedback);
  }
});
