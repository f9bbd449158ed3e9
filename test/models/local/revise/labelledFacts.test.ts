import test from 'ava';
import { revisions } from './helpers.js';

/** "add the pricing: $20 per seat per month": a value given under a name is added as a line of its own, as given. */

const move = { brief: 'email to the team: we move to the new office on march 3', context: 'The new office is at 12 King Street. Parking is free in the basement after 6pm.' };

test('"add the pricing: ..." adds the value under its name as a line of its own, and is reported applied', async (t) => {
  const { original, revised: [after] } = await revisions('writer', move, 'add the pricing: $20 per seat per month');
  t.notRegex(original, /\$20/);
  t.regex(after!.content, /\n\nPricing: \$20 per seat per month\.\n\n/);
  t.deepEqual(after!.applied, ['add fact: Pricing: $20 per seat per month.']);
  t.deepEqual(after!.notApplied, []);
});

test('a link keeps no full stop after it, and "a link to the pricing page" is named by the page', async (t) => {
  const { revised: [link, zoom] } = await revisions('writer', move, 'add a link to the pricing page: acme.io/pricing and sign it from Maria', 'include the zoom link: https://zoom.us/j/123456');
  t.regex(link!.content, /\n\nPricing page: acme\.io\/pricing\n\n/);
  t.regex(link!.content, /Maria\n?$/);
  t.deepEqual(link!.notApplied, []);
  t.regex(zoom!.content, /\n\nZoom link: https:\/\/zoom\.us\/j\/123456\n\n/);
  t.regex(zoom!.content, /Pricing page: acme\.io\/pricing/, 'the earlier revision is kept');
});

test('a day typed in lower case in the value gets its capital ("add the deadline: friday")', async (t) => {
  const { revised: [after] } = await revisions('writer', move, 'add the deadline: friday');
  t.regex(after!.content, /\n\nDeadline: Friday\.\n\n/);
});

test('the parts other rules add are not taken for labels ("add a note: ...", "add a ticket: ...")', async (t) => {
  const { revised: [note] } = await revisions('writer', move, 'add a note: parking is free');
  t.notRegex(note!.content, /^Note: /m);
  t.regex(note!.content, /Parking is free\./);
});

test('"add a deadline of friday" and "mention it\'s due friday" add the deadline as "add the deadline: friday" does', async (t) => {
  for (const [crew, request] of [['mind', { brief: 'summarize our weekly sync', context: 'launch moves to april 2, dana to tell sales. hiring: one backend role open, sam runs interviews.' }], ['writer', { brief: 'email to the team: we move to the new office on march 3', context: 'Bring your badge.' }]] as const) {
    for (const feedback of ['add a deadline of friday', "mention it's due friday"]) {
      const { revised: [after] } = await revisions(crew, request, feedback);
      t.regex(after!.content, /^(?:- )?Deadline: Friday\.$/m, `${crew}: ${feedback}`);
      t.deepEqual(after!.applied, ['add fact: Deadline: Friday.'], `${crew}: ${feedback}`);
    }
  }
});
