import test from 'ava';
import { outcome } from './helpers.js';

/** A post asked to announce or say a statement ("announcing we hit 10k users", no "that") says it, framed as news; no post is ever empty. */

async function posts(brief: string) {
  const result = await outcome('writer', { brief });
  if (result.deliverable.kind !== 'social_posts') throw new Error(`${brief}: ${result.deliverable.kind}`);
  return { result, posts: result.deliverable.data.posts };
}

test('"linkedin post announcing we hit 10k users" announces it, with a line before and after it and the hashtag', async (t) => {
  const { result, posts: [post] } = await posts('linkedin post announcing we hit 10k users');
  t.is(result.draftKind, 'grounded');
  t.is(post!.network, 'LinkedIn');
  const paragraphs = post!.text.split('\n\n');
  t.is(paragraphs.length, 4, post!.text);
  t.is(paragraphs[1], 'We hit 10k users.');
  t.regex(paragraphs[2]!, /^Thank you to everyone/);
  t.is(paragraphs[3], '#10kUsers');
  t.notRegex(result.content, /Starting outline|Supply the single fact/);
});

test('"tweet announcing we raised our series A", "announce on linkedin that ...", "linkedin post: we just hit 10k users!" say the statement as news', async (t) => {
  const raised = (await posts('tweet announcing we raised our series A')).posts[0]!;
  t.is(raised.network, 'X');
  t.regex(raised.text, /^\S.+ We raised our series A\. .+\n\n#SeriesA$/);
  const announced = (await posts('announce on linkedin that we hit 10k users')).posts[0]!;
  t.regex(announced.text, /^We hit 10k users\.$/m);
  const colon = (await posts('linkedin post: we just hit 10k users!')).posts[0]!;
  t.regex(colon.text, /^.+\n\nWe just hit 10k users!\n\nThank you to everyone/);
});

test('"post saying we\'re hiring 3 engineers" is a social post asking for referrals, not a blog post titled "Saying ..."', async (t) => {
  const { result, posts: all } = await posts("post saying we're hiring 3 engineers");
  t.is(result.draftKind, 'grounded');
  for (const post of all) {
    t.regex(post.text, /We're hiring 3 engineers\./);
    t.regex(post.text, /Know someone who would be a great fit\?/);
    t.notRegex(post.text, /#3Engineers/);
  }
  t.notRegex(result.content, /Saying/);
  // "a post that explains our pricing" says what the post does, not a statement: it stays a blog post.
  t.is((await outcome('writer', { brief: 'a post that explains our pricing' })).deliverable.kind, 'blog_post');
});

test('news that is not good news is framed plainly: "tweet that the office is closed on friday"', async (t) => {
  const [post] = (await posts('tweet that the office is closed on friday')).posts;
  t.regex(post!.text, / The office is closed on Friday\. /);
  t.notRegex(post!.text, /excited|big news|Thank you/);
});

test('a post whose subject is news says it: "tweet announcing our series A", "quick linkedin post about our new office in Berlin"', async (t) => {
  const series = await posts('tweet announcing our series A');
  t.is(series.result.draftKind, 'grounded');
  t.is(series.posts[0]!.text, 'A milestone worth sharing. We raised our Series A. Thank you to everyone who helped us get here.\n\n#SeriesA');
  const office = await posts('quick linkedin post about our new office in Berlin');
  t.is(office.posts[0]!.text, 'Some news we are excited to share.\n\nWe have a new office in Berlin.\n\nIf you are nearby, come and say hello.\n\n#Berlin #Office');
});

test('a post whose subject is a topic, not news, is an outline whose post names the subject as asked, never empty', async (t) => {
  for (const brief of ['instagram post about our summer menu', 'tweet about the conference', 'linkedin post about remote work']) {
    const { result, posts: all } = await posts(brief);
    t.is(result.draftKind, 'outline', brief);
    for (const post of all) t.regex(post.text.replace(/#\S+/g, ''), /\p{L}{3}/u, brief);
  }
  for (const post of (await posts('linkedin post celebrating 5 years of the company')).posts) t.regex(post.text, /We're celebrating 5 years of the company\./);
});

test('a blog post or newsletter whose only material is the statement that titles it is an outline under that title, not a title alone', async (t) => {
  for (const brief of ['blog post announcing that we hit 10k users', 'newsletter announcing we moved to a new office', 'Write a blog post: 5 tips for keeping houseplants alive in winter']) {
    const result = await outcome('writer', { brief });
    t.is(result.draftKind, 'outline', brief);
    t.true(result.content.split('\n').filter((line) => line.trim() !== '').length > 3, result.content);
  }
});

test('a post\'s lines typed in lower case start as sentences, and a continent gets its capital', async (t) => {
  const result = await outcome('writer', { brief: 'linkedin post: we just hit 1,000 customers', context: 'started 3 years ago in a garage. thanks to our team and early customers. next: launching in europe' });
  t.regex(result.content, /^Started 3 years ago in a garage\.$/m);
  t.regex(result.content, /^Thanks to our team and early customers\.$/m);
  t.regex(result.content, /in Europe\./);
});
