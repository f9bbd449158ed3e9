import test from 'ava';
import { revisions } from './helpers.js';

/** "use headings for each part": a heading over every part that has none, named after what it says. */

test('"add subheadings" on an email heads each body paragraph with what it is about, and keeps its frame', async (t) => {
  const { revised: [after] } = await revisions('writer', { brief: 'email to staff about the new parking rules', context: 'From March 1 the car park needs a permit. Permits are free and you can get one from reception. Visitors park in bays 1 to 10 and sign in at the desk. Bikes go in the shed behind building B, which now has 40 spaces.' }, 'add subheadings');
  t.regex(after!.content, /Dear staff,\n\n## Car park\n\nFrom March 1 the car park needs a permit\.\n\n## Permits\n\n/);
  t.regex(after!.content, /## Bikes\n\nBikes go in the shed/);
  t.regex(after!.content, /\*\*Reply to this email[^\n]*\*\*\n\nKind regards,/);
});

test('"use headings for each part" on a report heads its opening, the one part without a heading', async (t) => {
  const { revised: [after, again] } = await revisions('writer', { brief: 'write a report on our Q3 support tickets', context: 'Tickets rose 20% in Q3 to 4,200. Median first response fell from 6 hours to 2 hours. Most tickets were about billing. We hired two agents in August. Satisfaction rose to 92%.' }, 'use headings for each part', 'use headings for each part');
  t.regex(after!.content, /# Report on our Q3 support tickets\n\n## Overview\n\nTickets rose 20%/);
  t.regex(again!.notApplied[0]!.reason, /has a heading already/);
});
