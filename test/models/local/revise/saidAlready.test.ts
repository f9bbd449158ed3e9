import test from 'ava';
import { revisions } from './helpers.js';

/** "mention we're hiring": a fact with a contracted subject; said once, never twice. */

test('"mention we\'re hiring" adds the fact to a post that does not say it, and says where a post says it already', async (t) => {
  const { revised: [added] } = await revisions('writer', { brief: 'linkedin post announcing our new office in lisbon, opens in march' }, "mention we're hiring");
  t.regex(added!.content, /opens in March\. We're hiring\./);
  t.deepEqual(added!.applied, ["add fact: We're hiring."]);
  const { original, revised: [said] } = await revisions('writer', { brief: 'linkedin post: we are opening a new office in lisbon in march, hiring 10 engineers' }, "mention we're hiring");
  t.is(said!.content, original);
  t.regex(said!.notApplied[0]!.reason, /says it already: "We are opening a new office in Lisbon in March, hiring 10 engineers\."/);
});

test('a fact that differs from a line only in its figure is new: "mention that round 1 checked the chain" after "round 0 ..." adds it', async (t) => {
  const { revised } = await revisions('writer', { brief: 'Write a short note about bicycle maintenance' }, 'Mention that round 0 checked the chain.', 'Mention that round 1 checked the chain.');
  t.deepEqual(revised[1]!.applied, ['add fact: Round 1 checked the chain.']);
  t.regex(revised[1]!.content, /Round 0 checked the chain\. Round 1 checked the chain\./);
});
