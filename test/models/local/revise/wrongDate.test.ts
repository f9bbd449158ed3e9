import test from 'ava';
import { revisions } from './helpers.js';

/** "the date is wrong, it's the 14th": the right value only; the wrong one is the document's of the same kind. */

test('"the date is wrong, it\'s the 14th" corrects the day in the subject and the body, and keeps the rest', async (t) => {
  const { original, revised: [after] } = await revisions('writer', { brief: 'email to the team: offsite moved to friday the 13th, same place, bring laptops' }, "the date is wrong, it's the 14th");
  t.regex(after!.content, /^\*\*Subject:\*\* Offsite moved to Friday the 14th$/m);
  t.regex(after!.content, /^Offsite moved to Friday the 14th\.$/m);
  t.notRegex(after!.content, /13th/);
  t.is(after!.content.replace(/14th/g, '13th'), original.trim());
  t.deepEqual(after!.applied, ['correct date: the 14th']);
});

test('"wrong time - should be 3pm" corrects the time; "it\'s march 4" the month\'s date; several dates ask which', async (t) => {
  const { revised: [time] } = await revisions('writer', { brief: 'email to the team: the all-hands moves to friday at 4pm. Bring your laptop.' }, 'wrong time - should be 3pm');
  t.regex(time!.content, /^The all-hands moves to Friday at 3pm\.$/m);
  t.notRegex(time!.content, /4pm/);
  const { revised: [notes] } = await revisions('pilot', { brief: 'release notes for v2.3, shipping march 3', context: '- new: dark mode\n- fixed: login loop on safari' }, 'date is wrong its march 4');
  t.regex(notes!.content, /March 4/);
  t.notRegex(notes!.content, /march 3/i);
  const { revised: [several] } = await revisions('mind', { brief: 'meeting notes', context: 'product sync\nattendees: priya, tom\n- launch moved to may 3\n- tom to update roadmap by march 7' }, "the date's wrong, it's the 14th");
  t.deepEqual(several!.applied, []);
  t.regex(several!.notApplied[0]!.reason, /several \(May 3, March 7\); say which is wrong/);
});
