import test from 'ava';
import { revisions } from './helpers.js';

/** "make the titles shorter": the headings, never the body. */

test('"make the titles shorter" on short tickets keeps every acceptance criterion and says the titles are short already', async (t) => {
  const { original, revised: [after] } = await revisions('pilot', { brief: 'tickets for: dark mode toggle, persist the preference, respect the OS setting' }, 'make the titles shorter');
  t.is(after!.content, original);
  t.is(after!.content.match(/\*\*Acceptance criteria\*\*/g)?.length, 3);
  t.regex(after!.notApplied[0]!.reason, /headings are \d words at most/);
});

test('"shorter titles please" shortens the long ticket headings and leaves their text', async (t) => {
  const { revised: [after] } = await revisions('pilot', { brief: 'write tickets for these bugs', context: '- csv export times out on large accounts in the EU region, reported by Acme and Globex\n- the save button is hidden on mobile safari when the keyboard is open' }, 'shorter titles please');
  t.regex(after!.content, /^## 1\. CSV export times out on large accounts$/m);
  t.regex(after!.content, /^## 2\. Save button is hidden on mobile Safari$/m);
  t.regex(after!.content, /CSV export times out on large accounts in the EU region, reported by Acme and Globex\./);
});
