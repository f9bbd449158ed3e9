import test from 'ava';
import { outcome } from './helpers.js';

/** Newsletters as people ask for them: a month's intro, a few lines of news typed in lower case. */

const news = "brunch starts oct 5, every sunday 10-2\nnew barista sam joins from portland\npumpkin spice is back, sorry not sorry\nwe're closed oct 31 for a staff party";

test('"newsletter intro for october" is the October newsletter\'s intro: one paragraph, every line a sentence, names with their capitals', async (t) => {
  const result = await outcome('writer', { brief: 'newsletter intro for october', context: news });
  t.is(result.content.trim(), "# October newsletter\n\nBrunch starts Oct 5, every Sunday 10-2. Our new barista Sam joins from Portland. Pumpkin spice is back, sorry not sorry. We're closed Oct 31 for a staff party.");
  // The whole newsletter, asked for, keeps a heading per piece of news.
  const whole = await outcome('writer', { brief: 'newsletter for october', context: news });
  const headings = [...whole.content.matchAll(/^## (.+)$/gm)].map((match) => match[1]);
  t.deepEqual(headings, ['Brunch starts Oct 5', 'New barista Sam joins from Portland', 'Pumpkin spice back', 'Closed Oct 31 for a staff party']);
  t.regex(whole.content, /^Brunch starts Oct 5, every Sunday 10-2\.$/m);
});

test('a short newsletter of one-line news says each piece once: no title or heading repeated as its first line', async (t) => {
  const result = await outcome('writer', { brief: 'short newsletter for the team', context: '- new office opens monday\n- pizza friday is back\n- the pool reopens on 3 March after the refit, with longer hours' });
  const lines = result.content.split('\n').map((line) => line.replace(/^#+\s*/, '').replace(/[.!]$/, '').toLowerCase()).filter(Boolean);
  t.is(new Set(lines).size, lines.length, result.content);
  t.regex(result.content, /^# News for the team\n/);
  // A line that says more than its headline keeps its sentence under it.
  t.true(result.content.includes('The pool reopens on 3 March after the refit, with longer hours.'), result.content);
});

test('news typed under shared labels ("new: dark mode", "new: export to csv", "fixed: ...") is a list under each label, not a heading with nothing under it', async (t) => {
  const result = await outcome('writer', { brief: 'newsletter for our customers for november', context: '- new: dark mode\n- new: export to csv\n- fixed: slow search on large workspaces\n- webinar on dec 5 about reporting' });
  t.regex(result.content, /^## New\n\n- Dark mode\n- Export to CSV$/m);
  t.regex(result.content, /^## Fixed\n\nSlow search on large workspaces\.$/m);
  t.notRegex(result.content, /^## Dark mode$/m);
});

test('"newsletter for december: holiday hours, new espresso machine, staff party on the 20th" lists its news, no heading over nothing', async (t) => {
  const result = await outcome('writer', { brief: 'newsletter for december: holiday hours, new espresso machine, staff party on the 20th' });
  t.regex(result.content, /^# December newsletter\n\n## In this issue\n\n- Holiday hours\n- New espresso machine\n- Staff party on the 20th\n?$/);
  t.notRegex(result.content, /^## .+\n\n## /m);
});
