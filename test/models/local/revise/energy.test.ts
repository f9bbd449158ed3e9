import test from 'ava';
import { revisions } from './helpers.js';

/** "make it more exciting", "more energetic": the same facts, the news first and said with energy. */

test('"make it more exciting" on a post leads with its news, "Big news: ...!", and keeps every fact', async (t) => {
  const { revised: [after] } = await revisions('writer', { brief: 'linkedin post announcing our new office in Lisbon', context: 'The office opens in March. It has room for 40 people. Sam Costa will lead the Lisbon team. We are hiring engineers there.' }, 'make it more exciting');
  t.regex(after!.content, /^Big news: the office opens in March!\n\nIt has room for 40 people\./);
  for (const fact of ['Sam Costa will lead the Lisbon team.', 'We are hiring engineers there.', '#Lisbon']) t.true(after!.content.includes(fact), fact);
  t.deepEqual(after!.applied, ['more energetic']);
});

test('"more energetic please" drops a stock opener; on an email the news line gets the one exclamation mark', async (t) => {
  const { revised: [tweet] } = await revisions('writer', { brief: 'tweet: our new dark mode ships tomorrow' }, 'more energetic please');
  t.regex(tweet!.content, /^Big news: our new dark mode ships tomorrow!/);
  t.notRegex(tweet!.content, /Some news/);
  const { revised: [email] } = await revisions('writer', { brief: 'email the team: offsite moved to fri 14th, same place, bring laptops' }, 'it is a bit flat, jazz it up');
  t.regex(email!.content, /Hi team,\n\nOffsite moved to Friday 14th!\n\nSame place\./);
  t.is(email!.content.match(/!/g)?.length, 1);
});

test('"make the first line punchier" changes the opening line only: no hedge, the aside after a colon; a stock opener goes', async (t) => {
  const { revised: [after] } = await revisions('writer', { brief: 'linkedin post: I just shipped my first open source library, a tiny date parser for TypeScript. It is 2kb and has no dependencies.' }, 'make the first line punchier');
  t.regex(after!.content, /^I shipped my first open source library: a tiny date parser for TypeScript\.\n\nIt is 2KB and has no dependencies\./);
  const { revised: [tweet] } = await revisions('writer', { brief: 'tweet: our new dark mode ships tomorrow' }, 'stronger hook please');
  t.regex(tweet!.content, /^Our new dark mode ships tomorrow! Take a look/);
});
