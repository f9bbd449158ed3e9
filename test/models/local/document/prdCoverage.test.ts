import test from 'ava';
import { outcome } from './helpers.js';

/** A PRD from one paragraph of context: every fact the client gave is somewhere in it. */

const paragraph = "Our customers keep asking how to invite friends. We want to give both the referrer and the friend a $20 credit after the friend's first paid order. Fraud is a worry because last year a coupon code leaked on Reddit and cost us $8k. Marketing wants to launch before Black Friday. The credit should expire after 90 days and only apply to orders over $50.";

test('"PRD for a referral program" with one paragraph: every sentence is in the PRD, the fraud worry is a risk, where a leak happened is no integration', async (t) => {
  const result = await outcome('pilot', { brief: 'PRD for a referral program', context: paragraph });
  for (const sentence of paragraph.split(/(?<=\.)\s+/)) t.true(result.content.includes(sentence), sentence);
  t.regex(result.content, /### Risks\n\n- Fraud is a worry because last year a coupon code leaked on Reddit and cost us \$8k\./);
  t.notRegex(result.content, /### Integrations\n\n- Reddit/);
  // The problem is said once, not again as a requirement.
  t.is(result.content.split('Our customers keep asking how to invite friends.').length, 2);
});

test('a fact no section takes is the PRD\'s background, and a rule ("nobody can work more than 3 nights") is a requirement', async (t) => {
  const context = 'Nurses swap shifts over WhatsApp today and managers lose track. We need swaps approved by a charge nurse within 24 hours. Union rules say nobody can work more than 3 nights in a row. The hospital has 14 wards and about 600 nurses.';
  const result = await outcome('pilot', { brief: 'PRD for a shift swap feature in our nurse scheduling app', context });
  t.regex(result.content, /## Requirements\n\n(?:- .+\n)*- Union rules say nobody can work more than 3 nights in a row\./);
  t.regex(result.content, /## Background\n\n- The hospital has 14 wards and about 600 nurses\./);
});
