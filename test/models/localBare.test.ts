import test from 'ava';
import { createLocalProvider } from '../../models/local/index.js';
import { handleOf } from '../../models/local/writer/bareDraft.js';
import { productOf, usersOf } from '../../models/local/pilot/barePlan.js';
import { finalContent } from './runCrew.js';

const provider = createLocalProvider();

const headingsOf = (markdown: string) => markdown.match(/^## .+$/gm) ?? [];
const sentencesOf = (markdown: string) =>
  markdown
    .replace(/^---\n[\s\S]*?\n---\n/, '')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .flatMap((line) => line.replace(/^- /, '').split(/(?<=[.!?])\s+/));

test('a bare writer brief gets more sections as the requested length grows, and never a repeated sentence', async (t) => {
  const brief = 'Write a blog post about Kubernetes cost controls with Karpenter and Spot for platform engineers';
  const short = await finalContent(provider, 'writer', { brief, requirements: { length: 'short' } });
  const long = await finalContent(provider, 'writer', { brief, requirements: { length: 'long' } });
  t.true(headingsOf(short).length >= 3, short);
  t.true(headingsOf(long).length > headingsOf(short).length, `${headingsOf(short).length} vs ${headingsOf(long).length}`);
  // The brief's named terms get their own sections when there is room.
  t.regex(long, /^## Karpenter$/m, long);
  for (const content of [short, long]) {
    const sentences = sentencesOf(content).map((sentence) => sentence.toLowerCase());
    t.is(new Set(sentences).size, sentences.length, content);
  }
});

test('the tone shapes a bare draft: friendly speaks to "you" with contractions, professional does neither', async (t) => {
  const brief = 'Write a blog post about remote onboarding for engineering teams';
  const friendly = await finalContent(provider, 'writer', { brief, requirements: { tone: 'friendly' } });
  const formal = await finalContent(provider, 'writer', { brief, requirements: { tone: 'professional' } });
  // Issue 26: a bare brief is an outline; its wording follows the tone asked for.
  t.regex(friendly, /\byou\b/i);
  t.regex(friendly, /\b\w+['’](?:ll|re|s|ve|m)\b/);
  t.notRegex(formal, /['’](?:ll|re|ve|t)\b|\byou\b/i, formal);
  t.regex(formal, /engineering teams/);
});

test('a long subject is said in full once, then by a short handle', (t) => {
  t.is(handleOf('how to verify webhook signatures (HMAC-SHA256 over the raw body)'), 'verifying webhook signatures');
  t.is(handleOf('that Northwind Labs is moving to a four-day week'), 'Northwind Labs is moving to a four-day week');
  t.is(handleOf('remote onboarding'), 'remote onboarding');
});

test('a PRD brief naming a feature of a product gives the product users as the story role', (t) => {
  t.deepEqual(productOf('offline mode in our field inspection app'), { feature: 'offline mode', name: 'the field inspection app' });
  t.is(usersOf('offline mode in our field inspection app'), 'users of the field inspection app');
  t.is(productOf('an offline notes app'), undefined);
});
