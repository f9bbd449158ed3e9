import test from 'ava';
import { outcome } from './helpers.js';

/** A message for the team's Slack: the notes in complete sentences, one message, no public post's frame or hashtags. */

test('"slack announcement" over "office closed friday for maintenance. work from home. back monday" is three sentences', async (t) => {
  const result = await outcome('writer', { brief: 'slack announcement', context: 'office closed friday for maintenance. work from home. back monday' });
  if (result.deliverable.kind !== 'social_posts') return t.fail(result.deliverable.kind);
  t.deepEqual(result.deliverable.data.posts.map((post) => [post.network, post.text, post.hashtags]), [['Slack', "The office is closed Friday for maintenance. Please work from home. We're back Monday.", []]]);
});

test('"announce in slack" and "post in #general" keep the day, time, place and thanks, without hashtags or "excited to share"', async (t) => {
  const lunch = await outcome('writer', { brief: 'post in #general: pizza lunch friday 12:30, kitchen. thanks to ops for organising' });
  t.is(lunch.content.trim(), 'The pizza lunch is on Friday at 12:30 in the kitchen. Thanks to ops for organising.');
  const coffee = await outcome('writer', { brief: 'announce in slack', context: 'new coffee machine on 3rd floor, from tomorrow. thanks to jo for sorting it' });
  t.is(coffee.deliverable.kind, 'social_posts');
  t.regex(coffee.content, /Thanks to Jo for sorting it\.$/m);
  t.notRegex(coffee.content, /#|^# |excited to share/m);
});
