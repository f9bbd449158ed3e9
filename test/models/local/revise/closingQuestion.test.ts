import test from 'ava';
import { revisions } from './helpers.js';

/** "end with a question": a last line that asks the reader something the document is about. */

test('"end with a question" on a team email asks whether its date works, in place of the stock call to action', async (t) => {
  const { revised: [after] } = await revisions('writer', { brief: 'email the team: offsite moved to fri 14th, same place, bring laptops' }, 'end with a question');
  t.regex(after!.content, /Bring laptops\.\n\n\*\*Does Friday 14th work for everyone\?\*\*\n\nKind regards,/);
  t.notRegex(after!.content, /Reply to this email/);
  t.deepEqual(after!.notApplied, []);
});

test('"end with a question" on a post asks about what it announces, before its hashtags', async (t) => {
  const { revised: [tweet] } = await revisions('writer', { brief: 'tweet: our new dark mode ships tomorrow' }, 'finish with a question for the readers');
  t.regex(tweet!.content, /What do you think of our new dark mode\?\n\n#NewDarkMode/);
  const { revised: [hiring] } = await revisions('writer', { brief: 'linkedin post announcing our new office in Lisbon', context: 'The office opens in March. It has room for 40 people. Sam Costa will lead the Lisbon team. We are hiring engineers there.' }, 'end with a question');
  t.regex(hiring!.content, /We are hiring engineers there\.\n\nDo you know someone who would be a great fit\?\n\n#Lisbon/);
  t.deepEqual(hiring!.notApplied, []);
});

test('"end with a question" on a plan asks what it lacks', async (t) => {
  const { revised: [after] } = await revisions('pilot', { brief: 'plan for migrating our blog from wordpress to astro', context: 'We have 400 posts. Dana owns content export, Lee owns the new theme. Launch by March 28. Risk: broken links from old URLs.' }, 'end with a question');
  t.regex(after!.content, /Launch by March 28\.\n\nIs anything missing from this plan\?\n?$/);
});

test('"end with a question" on a post that asks the reader already moves its question last instead of asking it twice', async (t) => {
  const { revised: [after] } = await revisions('writer', { brief: 'linkedin post: we are opening a new office in lisbon in march, hiring 10 engineers' }, 'end with a question');
  t.regex(after!.content, /Send them our way\. Know someone who would be a great fit\?\n\n#NewOffice #Lisbon/);
  t.is(after!.content.match(/great fit\?/g)?.length, 1);
  t.deepEqual(after!.notApplied, []);
});
