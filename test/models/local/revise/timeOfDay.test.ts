import test from 'ava';
import { revisions } from './helpers.js';

/** "add the time? 9am": a value typed after a question mark, and a time that belongs to the day the document names. */

test('"add the time? 9am" puts the time on the day the email names', async (t) => {
  const { revised: [after] } = await revisions('writer', { brief: 'email the team: offsite moved to fri 14th, same place, bring laptops' }, 'add the time? 9am');
  t.regex(after!.content, /Offsite moved to Friday 14th at 9am\./);
  t.notRegex(after!.content, /Time:/);
  t.deepEqual(after!.notApplied, []);
});

test('"add the venue? the Grand Hotel" is the venue, and a fact added to an email goes above its call to action', async (t) => {
  const { revised: [venue] } = await revisions('writer', { brief: 'email the team: offsite moved to fri 14th, same place, bring laptops' }, 'add the venue? the Grand Hotel');
  t.regex(venue!.content, /Venue: the Grand Hotel\.\n\n\*\*Reply/);
  const { revised: [time, link] } = await revisions('writer', { brief: 'email to our client Dana: the kickoff call is on march 12, we will send the agenda the day before' }, 'add the time: 10:30am CET', 'add the zoom link: https://zoom.us/j/123');
  t.regex(time!.content, /^Hi Dana,\n\nThe kickoff call is on March 12 at 10:30am CET\.\n\nWe will send/m);
  t.regex(link!.content, /Zoom link: https:\/\/zoom\.us\/j\/123\n\n\*\*Reply to this email with any question\.\*\*\n\nKind regards,\s*$/);
});
