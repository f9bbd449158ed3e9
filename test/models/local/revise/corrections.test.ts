import test from 'ava';
import { revisions } from './helpers.js';

test('"change march 3 to march 10" writes the new date as the document wrote the old one, "March 10"', async (t) => {
  const { revised: [after] } = await revisions('writer', { brief: 'email to the team: we move to the new office on march 3' }, 'change march 3 to march 10');
  t.regex(after!.content, /\*\*Subject:\*\* .*March 10/);
  t.notRegex(after!.content, /march 10|March 3/);
});

test('"replace kind regards with cheers" keeps the capital; "change permit to pass everywhere" swaps the plural too, without "everywhere"', async (t) => {
  const { revised: [signOff, word] } = await revisions('writer', { brief: 'email to staff about the new parking rules', context: 'From March 1 the car park needs a permit. Permits are free and you can get one from reception.' }, 'replace kind regards with cheers', 'change permit to pass everywhere');
  t.regex(signOff!.content, /\n\nCheers,\n?$/);
  t.deepEqual(signOff!.notApplied, []);
  t.regex(word!.content, /the car park needs a pass\.\n\nPasses are free/);
  t.notRegex(word!.content, /everywhere|[Pp]ermit/);
});
