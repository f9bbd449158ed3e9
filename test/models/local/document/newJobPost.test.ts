import test from 'ava';
import { outcome } from './helpers.js';

/** A post about the writer's own new job: in their voice, the companies and the role with their capitals, the thanks kept. */

test('"write a linkedin post about my new job" over typed notes says it in the first person, with the thanks', async (t) => {
  const result = await outcome('writer', { brief: 'write a linkedin post about my new job', context: 'starting at acme as head of design monday. leaving globex after 5 yrs. thanks to my team' });
  if (result.deliverable.kind !== 'social_posts') return t.fail(result.deliverable.kind);
  t.is(result.deliverable.data.posts[0]!.text, "I'm starting at Acme as Head of Design on Monday.\n\nI'm leaving Globex after 5 years.\n\nThanks to my team.\n\n#NewJob #HeadOfDesign");
});

test('"post on linkedin: i\'m starting a new job at acme, joining as head of design" is the writer\'s news, not the company\'s', async (t) => {
  const result = await outcome('writer', { brief: "post on linkedin: i'm starting a new job at acme, joining as head of design" });
  t.regex(result.content, /^I'm starting a new job at Acme as Head of Design\.$/m);
  t.notRegex(result.content, /excited to share|tell us what you think|\bwe\b/i);
});

test('notes that join a company after years at another say both, each company with its capital', async (t) => {
  const result = await outcome('writer', { brief: 'linkedin post about my new role', context: 'joining stripe as senior engineer on jan 6\nafter 3 years at shopify\nhuge thanks to everyone at shopify' });
  t.regex(result.content, /^I'm joining Stripe as Senior Engineer on Jan 6\.\n\nI'm leaving Shopify after 3 years\.\n\nHuge thanks to everyone at Shopify\.$/m);
});
