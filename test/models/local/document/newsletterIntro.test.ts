import test from 'ava';
import { outcome } from './helpers.js';

/** The intro of a newsletter over notes of news: one short paragraph of that news in sentences, no empty headings, names with their capitals. */

test('"newsletter intro" over typed news says it as one paragraph under the issue\'s title', async (t) => {
  const result = await outcome('writer', { brief: 'newsletter intro', context: 'launched the mobile app\nana (design) joined the team\nnew office in porto opens jan 10' });
  t.is(result.content.trim(), "# What's new\n\nWe launched the mobile app. Ana (design) joined the team. Our new office in Porto opens Jan 10.");
});

test('"write the intro for this month\'s newsletter" is titled for this month, with the party\'s date and the offices\' places', async (t) => {
  const result = await outcome('writer', { brief: "write the intro for this month's newsletter", context: '- we hit 10k users. thanks to everyone who shared the app\n- sam moved to the berlin office\n- holiday party dec 18 at the lisbon office' });
  t.is(result.content.trim(), "# What's new this month\n\nWe hit 10k users. Thanks to everyone who shared the app. Sam moved to the Berlin office. The holiday party is on Dec 18 at the Lisbon office.");
});

test('an intro over headed notes tells each heading\'s news with its detail, no heading left empty', async (t) => {
  const result = await outcome('writer', { brief: 'newsletter intro for november', context: '## Launched the mobile app\nios and android, 4.8 stars\n## Ana joined\nana (design) joined from figma' });
  t.is(result.content.trim(), '# November newsletter\n\nWe launched the mobile app: iOS and Android, 4.8 stars. Ana (design) joined from Figma.');
  t.notRegex(result.content, /^## /m);
});
