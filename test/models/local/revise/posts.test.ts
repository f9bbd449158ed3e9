import test from 'ava';
import { revisions } from './helpers.js';

/** What people ask of a social post once it is written. */

const post = { brief: 'linkedin post announcing our new office in Lisbon', context: 'The office opens in March. It has room for 40 people. Sam Costa will lead the Lisbon team. We are hiring engineers there.' };
const tweet = { brief: 'tweet: our new dark mode ships tomorrow' };

test('"add the hashtag #LisbonTech" joins the post\'s hashtags, once', async (t) => {
  const { revised: [after, again] } = await revisions('writer', post, 'add the hashtag #LisbonTech', 'add #LisbonTech');
  t.regex(after!.content, /#LisbonTech\n?$/);
  t.deepEqual(after!.applied, ['add hashtags: #LisbonTech']);
  t.is(again!.content.match(/#LisbonTech/g)?.length, 1);
});

test('"tag Sam" tags the person the post names, by the full name it gives', async (t) => {
  const { revised: [after] } = await revisions('writer', post, 'tag Sam');
  t.regex(after!.content, /@Sam Costa will lead the Lisbon team\./);
  t.deepEqual(after!.applied, ['tag: Sam']);
});

test('"add an emoji" puts one after the sentence it suits', async (t) => {
  const { revised: [after] } = await revisions('writer', tweet, 'add an emoji');
  t.regex(after!.content, /ships tomorrow\. 🚀/);
  t.is(after!.content.match(/\p{Extended_Pictographic}/gu)?.length, 1);
});

test('"under 100 characters please" drops the stock lines before the news', async (t) => {
  const { revised: [after] } = await revisions('writer', tweet, 'under 100 characters please');
  t.true(after!.content.trim().length <= 100, after!.content);
  t.regex(after!.content, /Our new dark mode ships tomorrow\./);
  t.deepEqual(after!.applied, ['length: at most 100 characters']);
});

test('"remove the room for 40 people" removes the sentence that says it', async (t) => {
  const { revised: [after] } = await revisions('writer', post, 'remove the room for 40 people');
  t.notRegex(after!.content, /40 people/);
  t.regex(after!.content, /The office opens in March\./);
});

test('"mention it works on mobile too" adds the fact and reports nothing left undone', async (t) => {
  const { revised: [after] } = await revisions('writer', tweet, 'mention it works on mobile too');
  t.regex(after!.content, /It works on mobile too\./);
  t.deepEqual(after!.notApplied, []);
});

test('"add hashtags" with no tags given adds a few made from the post\'s own key terms', async (t) => {
  const { revised: [after] } = await revisions('writer', post, 'add hashtags');
  const line = after!.content.trim().split('\n').at(-1)!;
  t.regex(line, /^#Lisbon #Hiring #Office/);
  t.is(line.match(/#/g)!.length, 4);
  t.deepEqual(after!.notApplied, []);
  const { revised: [library] } = await revisions('writer', { brief: 'linkedin post: I just shipped my first open source library, a tiny date parser for TypeScript. It is 2kb and has no dependencies.' }, 'add some relevant hashtags');
  t.regex(library!.content, /#TypeScript .*#OpenSource\b/);
  t.regex(library!.content, /#DateParser/);
  t.notRegex(library!.content, /#OpenSourceLibrary/);
});

test('"split this into two posts" gives two posts of near the same length, each with the hashtags, and two posts in the data', async (t) => {
  const { revised: [after, untagged] } = await revisions('writer', post, 'split this into two posts', 'remove the hashtags');
  t.regex(after!.content, /^\*\*Post 1 of 2\*\*\n\n[^\n]+\n\n#Lisbon\n\n\*\*Post 2 of 2\*\*\n\nSam Costa will lead the Lisbon team\. We are hiring engineers there\.\n\n#Lisbon\n?$/);
  const posts = after!.deliverable.data.posts as Array<{ text: string }>;
  t.is(posts.length, 2);
  t.is(posts[1]!.text, 'Sam Costa will lead the Lisbon team. We are hiring engineers there.\n\n#Lisbon');
  t.deepEqual((untagged!.deliverable.data.posts as Array<{ hashtags: string[] }>).map((entry) => entry.hashtags), [[], []]);
});
