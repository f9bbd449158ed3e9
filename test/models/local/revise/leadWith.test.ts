import test from 'ava';
import { revisions } from './helpers.js';

/** "put the deadline in the first sentence": a part named by the kind of fact it holds. */

const email = { brief: 'email to staff about the new parking rules', context: 'From March 1 the car park needs a permit. Permits are free and you can get one from reception. Visitors park in bays 1 to 10 and sign in at the desk. Bikes go in the shed behind building B, which now has 40 spaces. Please apply for your permit by February 20.' };

test('"put the deadline in the first sentence" opens the email with the sentence that gives it, once', async (t) => {
  const { revised: [after] } = await revisions('writer', email, 'put the deadline in the first sentence');
  t.regex(after!.content, /Dear staff,\n\nPlease apply for your permit by February 20\.\n\nFrom March 1 the car park needs a permit\./);
  t.is(after!.content.match(/February 20/g)?.length, 1);
  t.deepEqual(after!.notApplied, []);
});

test('"move the price to the top" leads with the line that says what it costs; "lead with the date" says it leads already', async (t) => {
  const { revised: [price] } = await revisions('writer', email, 'move the price to the top');
  t.regex(price!.content, /Dear staff,\n\nPermits are free and you can get one from reception\.\n\nFrom March 1/);
  const { revised: [date] } = await revisions('writer', email, 'lead with the date');
  t.regex(date!.notApplied[0]!.reason, /first sentence gives the date already/);
});
