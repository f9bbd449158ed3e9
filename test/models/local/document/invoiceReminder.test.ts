import test from 'ava';
import { outcome } from './helpers.js';

/** A reminder of an unpaid invoice, asked in one line or over notes: the invoice, how late, and the ask to pay. */

test('"email to acme, invoice #1042 for $3,200 is 30 days overdue, polite but firm" is the reminder, not an outline', async (t) => {
  const result = await outcome('writer', { brief: 'email to acme, invoice #1042 for $3,200 is 30 days overdue, polite but firm' });
  if (result.deliverable.kind !== 'email') return t.fail(result.deliverable.kind);
  t.is(result.draftKind, 'grounded');
  t.is(result.deliverable.data.subject, 'Overdue invoice #1042 ($3,200)');
  t.is(result.deliverable.data.greeting, 'Hi Acme team,');
  t.is(result.deliverable.data.body[0], 'This is a reminder that invoice #1042 for $3,200 is now 30 days overdue.');
  t.regex(result.deliverable.data.body.join(' '), /please treat this payment as a priority/);
  t.notRegex(result.content, /polite but firm/);
});

test('"overdue invoice reminder to acme" over notes says the notes in sentences, never pasted one by one', async (t) => {
  const result = await outcome('writer', { brief: 'overdue invoice reminder to acme', context: 'invoice #1042\n$3,200\ndue oct 15\nsent twice already' });
  t.regex(result.content, /^This is a reminder that invoice #1042 for \$3,200, due on Oct 15, has not been paid yet\.$/m);
  t.regex(result.content, /^We have sent it twice already\.$/m);
  t.notRegex(result.content, /^\$3,200\.$/m);
  const early = await outcome('writer', { brief: 'write a payment reminder email for invoice INV-2231, €850, due 1 march' });
  t.regex(early.content, /^\*\*Subject:\*\* Payment reminder: invoice INV-2231 \(€850\)$/m);
});
