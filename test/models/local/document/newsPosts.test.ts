import test from 'ava';
import { outcome } from './helpers.js';

const posts = (data: unknown) => (data as { posts: Array<{ text: string; hashtags: string[] }> }).posts;

test('"post about our black friday sale, 30% off everything till monday" is a social post of the sale, not a blog post outline', async (t) => {
  const result = await outcome('writer', { brief: 'post about our black friday sale, 30% off everything till monday' });
  t.is(result.deliverable.kind, 'social_posts');
  t.is(result.draftKind, 'grounded');
  t.regex(result.content, /Our Black Friday sale is on: 30% off everything till Monday\./);
  const launch = await outcome('writer', { brief: 'write a post about the launch of our new app, out today on ios' });
  t.regex(launch.content, /Our new app is out today on iOS\./);
  t.deepEqual(posts(launch.deliverable.data)[0]!.hashtags, ['#NewApp']);
  const open = await outcome('writer', { brief: 'post about our open day on saturday 10-4' });
  t.regex(open.content, /Join us for our open day on Saturday 10-4\./);
  // A post about a topic stays an article.
  const topic = await outcome('writer', { brief: 'post about black friday sales strategies' });
  t.is(topic.deliverable.kind, 'blog_post');
});

test('"tweet: we just shipped dark mode, available on ios and android today" is tagged with what shipped, not "#AndroidToday"', async (t) => {
  const result = await outcome('writer', { brief: 'tweet: we just shipped dark mode, available on ios and android today' });
  t.deepEqual(posts(result.deliverable.data)[0]!.hashtags, ['#DarkMode', '#iOS', '#Android']);
  t.notRegex(result.content, /AndroidToday/);
});

test('"linkedin post: we are opening a new office in lisbon in march, hiring 10 engineers, room for 40 people" says its facts as sentences', async (t) => {
  const result = await outcome('writer', { brief: 'linkedin post: we are opening a new office in lisbon in march, hiring 10 engineers, room for 40 people' });
  t.regex(result.content, /^We are opening a new office in Lisbon in March, with room for 40 people\.$/m);
  t.regex(result.content, /^We are hiring 10 engineers\.$/m);
  t.notRegex(result.content, /^(?:Hiring|Room) /m);
});
