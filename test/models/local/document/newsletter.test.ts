import test from 'ava';
import { outcome } from './helpers.js';

/** Newsletters as people ask for them: a month's intro, a few lines of news typed in lower case. */

const news = "brunch starts oct 5, every sunday 10-2\nnew barista sam joins from portland\npumpkin spice is back, sorry not sorry\nwe're closed oct 31 for a staff party";

test('"newsletter intro for october" is the October newsletter: whole capitalised headings, every line a sentence', async (t) => {
  const result = await outcome('writer', { brief: 'newsletter intro for october', context: news });
  t.regex(result.content, /^# October newsletter\n/);
  t.notRegex(result.content, /intro for/i);
  const headings = [...result.content.matchAll(/^## (.+)$/gm)].map((match) => match[1]);
  t.deepEqual(headings, ['Brunch starts Oct 5', 'New barista sam joins from Portland', 'Pumpkin spice back', 'Closed Oct 31 for a staff party']);
  t.regex(result.content, /^Brunch starts Oct 5, every Sunday 10-2\.$/m);
  t.regex(result.content, /^We're closed Oct 31 for a staff party\.$/m);
});
