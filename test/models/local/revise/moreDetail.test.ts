import test from 'ava';
import { readRevision } from '../../../../models/revisionRequest.js';
import { revisions } from './helpers.js';

/** "More detail on the second point", "say more about the budget": more on that part, from the client's notes, never the notes pasted again. */

const sync = (extra = '') => ({ brief: 'summarize our weekly sync', context: `Dana, Lee, Sam weekly sync 3/12. attendees: dana, lee, sam. 1) launch moves to april 2, dana to tell sales. 2) budget: we have $20k left for q2, lee to draft the plan by friday.${extra} 3) hiring: one backend role open, sam runs interviews. pricing page needs new copy, no owner yet.` });

test('"more detail on the second point" is about that point, not a longer document', (t) => {
  const request = readRevision('more detail on the second point');
  t.is(request.length, undefined);
  t.deepEqual(request.labels, ['lengthen']);
  t.is(readRevision('make it longer').length, 'longer');
});

test('"more detail on the second point" of a meeting summary adds what the notes say about the budget to the budget point', async (t) => {
  const { revised: [after] } = await revisions('mind', sync(' the budget has to cover two contractors and the offsite.'), 'more detail on the second point');
  t.regex(after!.content, /^- Budget: we have \$20k left for Q2, Lee to draft the plan by Friday\. The budget has to cover two contractors and the offsite\.$/m);
  t.notRegex(after!.content, /attendees:|weekly sync 3\/12/i);
  t.deepEqual(after!.applied, ['more detail: the second point']);
});

test('"more detail on the second point" when the notes say nothing more about it: the report says so, the summary stays as it was', async (t) => {
  const { original, revised: [after] } = await revisions('mind', sync(), 'more detail on the second point');
  t.is(after!.content, original);
  t.regex(after!.notApplied[0]!.reason, /the client's material says nothing more about the second point \("Budget: we have \$20k/);
});

test('"make it longer" on a meeting summary adds only what the notes say that it does not, capitalised, in its summary (never under Topics)', async (t) => {
  const { revised: [after] } = await revisions('mind', sync(), 'make it longer');
  t.regex(after!.content, /## Summary\n\n(?:- .+\n)*- Pricing page needs new copy, no owner yet\.\n/);
  t.notRegex(after!.content, /attendees:|Dana, Lee, Sam weekly sync|launch moves to april/);
});

test('"say more about parking" on an email whose notes say nothing more about parking says so', async (t) => {
  const { original, revised: [after] } = await revisions('writer', { brief: 'email to the team: we move to the new office on march 3', context: 'The new office is at 12 King Street. Parking is in the basement, level -2. Bring your badge.' }, 'say more about parking');
  t.is(after!.content, original);
  t.regex(after!.notApplied[0]!.reason, /the client's material says nothing more about parking/);
});

test('"expand on pricing" on a meeting summary adds the notes\' line about the pricing page to the summary', async (t) => {
  const { revised: [after] } = await revisions('mind', sync(), 'expand on pricing');
  t.regex(after!.content, /^- Pricing page needs new copy, no owner yet\.$/m);
  t.deepEqual(after!.applied, ['more detail: pricing']);
});

test('"more detail on the second point" of a post whose notes have nothing more leaves the post and says so', async (t) => {
  const { original, revised: [after] } = await revisions('writer', { brief: 'linkedin post: we are opening a new office in lisbon in march, hiring 10 engineers', context: 'the office is in alfama, 40 desks. we chose lisbon for the time zone and the talent.' }, 'more detail on the second point');
  t.is(after!.content, original);
  t.notRegex(after!.content, /the office is in alfama/);
  t.regex(after!.notApplied[0]!.reason, /says nothing more about the second point \("The office is in alfama, 40 desks\."\)/);
});
