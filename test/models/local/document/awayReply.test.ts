import test from 'ava';
import { outcome } from './helpers.js';

/** An out-of-office reply typed as notes says the absence in full sentences, not the notes' fragments. */

test('"out of office reply" over "off dec 20 - jan 3, urgent stuff to maria (...)" says when in a sentence and whom to contact', async (t) => {
  const result = await outcome('writer', { brief: 'out of office reply', context: 'off dec 20 - jan 3, urgent stuff to maria (maria@acme.com)' });
  t.is(result.content.trim(), "**Subject:** Out of office until Jan 3\n\nHello,\n\nI'm out of the office from December 20 to January 3.\n\n**For anything urgent, contact Maria (maria@acme.com).**\n\nKind regards,");
});

test('"ooo reply, away till dec 3, ..." says until when, in the body and the subject', async (t) => {
  const result = await outcome('writer', { brief: 'ooo reply, away till dec 3, urgent stuff to sam@acme.com' });
  t.regex(result.content, /^\*\*Subject:\*\* Out of office until Dec 3$/m);
  t.regex(result.content, /^I'm out of the office until December 3\.$/m);
  t.notRegex(result.content, /^Away/m);
});

test('a range in one month with a note after it, and the day back, are each a sentence', async (t) => {
  const result = await outcome('writer', { brief: 'out of office email reply', context: 'away aug 5-19, no email access. urgent stuff: contact Mark (mark@acme.com). back on the 20th' });
  t.regex(result.content, /^I'm out of the office from August 5 to August 19, with no email access\.\n\nI'm back on the 20th\.$/m);
});
