import test from 'ava';
import { revisions } from './helpers.js';

/** Feedback about marks, not words: exclamation marks and emoji go, every word stays. */

test('"use fewer exclamation marks" leaves one where there were three, and keeps the greeting and sign-off', async (t) => {
  const { revised: [after] } = await revisions('writer', { brief: 'email to the team: we move to the new office on march 3, we are all super excited!!! the movers come at 8am!!' }, 'use fewer exclamation marks');
  t.is(after!.content.match(/!/g)?.length ?? 0, 1);
  t.regex(after!.content, /^Hi team,$/m);
  t.regex(after!.content, /March 3/);
  t.regex(after!.content, /^Kind regards,$/m);
  t.true(after!.applied.includes('fewer exclamation marks'));
});

test('"no exclamation marks please" removes them all; a document without any says so instead of returning the same text', async (t) => {
  const { revised: [none] } = await revisions('writer', { brief: 'email to the team: the launch is on friday!!! cake at 3!' }, 'no exclamation marks please');
  t.notRegex(none!.content, /!/);
  const { revised: [same] } = await revisions('writer', { brief: 'email to the team: the launch is on friday, cake at 3' }, 'fewer exclamation points');
  t.deepEqual(same!.applied, []);
  t.true(same!.notApplied.some((entry) => /no exclamation marks/.test(entry.reason)));
});

test('"remove the emoji" takes the emoji out of a LinkedIn post, and one that ended a sentence leaves a full stop', async (t) => {
  const { original, revised: [after] } = await revisions('writer', { brief: 'linkedin post announcing we hired Sam Patel as head of design, she starts monday 🎉 she led design at Acme for 6 years' }, 'remove the emoji');
  t.regex(original, /🎉/);
  t.notRegex(after!.content, /\p{Extended_Pictographic}/u);
  t.regex(after!.content, /starts Monday\. She led design at Acme for 6 years/);
  t.deepEqual(after!.applied, ['remove emoji']);
});

test('the revised LinkedIn post\'s data, which an integration publishes, is the revised text without the emoji', async (t) => {
  const { revised: [after] } = await revisions('writer', { brief: 'linkedin post announcing we hired Sam Patel as head of design, she starts monday 🎉 she led design at Acme for 6 years' }, 'remove the emoji');
  const [post] = (after!.deliverable.data as { posts: Array<{ text: string; hashtags: string[] }> }).posts;
  t.is(post!.text, after!.content.trim());
  t.notRegex(post!.text, /🎉/);
  t.deepEqual(post!.hashtags, ['#SamPatel', '#Design']);
});

test('an emoji between two parts of a sentence leaves a comma: "my first library 🚀 a tiny date parser" -> "my first library, a tiny date parser"', async (t) => {
  const { revised: [after] } = await revisions('writer', { brief: 'linkedin post: I just shipped my first open source library 🚀 a tiny date parser for typescript, 2kb, zero deps' }, 'remove the emoji');
  t.regex(after!.content, /my first open source library, a tiny date parser for TypeScript/);
});

test('"remove the hashtags" removes a post\'s line of hashtags, in its text and its data; its sentences stay', async (t) => {
  const { original, revised: [after] } = await revisions('writer', { brief: 'linkedin post: I just shipped my first open source library, a tiny date parser for typescript, zero deps' }, 'remove the hashtags');
  t.regex(original, /^#\w+/m);
  t.notRegex(after!.content, /#\w/);
  t.regex(after!.content, /first open source library/);
  const [post] = (after!.deliverable.data as { posts: Array<{ text: string; hashtags: string[] }> }).posts;
  t.deepEqual(post!.hashtags, []);
  t.deepEqual(after!.applied, ['remove hashtags']);
});

test('"remove the emojis": one before an instruction to the reader ("🚀 try it free") ends its sentence', async (t) => {
  const { revised: [after] } = await revisions('writer', { brief: 'linkedin post: we just launched our new analytics dashboard 🎉 it shows live usage per team 🚀 try it free for 30 days' }, 'remove the emojis');
  t.regex(after!.content, /It shows live usage per team\. Try it free for 30 days\./);
});
