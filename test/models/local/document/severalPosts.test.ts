import test from 'ava';
import { outcome } from './helpers.js';

/** "write two linkedin posts: one about X, one about Y": two posts, each on its own subject. */

test('"write two linkedin posts: one about our series a, one about hiring" gives two posts, one a subject each', async (t) => {
  const result = await outcome('writer', { brief: 'write two linkedin posts: one about our series a, one about hiring' });
  if (result.deliverable.kind !== 'social_posts') return t.fail(result.deliverable.kind);
  const texts = result.deliverable.data.posts.map((post) => post.text);
  t.is(texts.length, 2);
  t.regex(texts[0]!, /Series A/);
  t.notRegex(texts[0]!, /hiring/i);
  t.regex(texts[1]!, /We are hiring\./);
  t.notRegex(texts[1]!, /Series A/);
  t.regex(result.content, /^\*\*Post 1 of 2\*\*$/m);
  t.notRegex(result.content, /One about/i);
});
