import test from 'ava';
import { revisions } from './helpers.js';

/** Feedback about the document's shape, as people say it. */

test('"make it a list" lists an email\'s points, after its opening line', async (t) => {
  const { revised: [after] } = await revisions('writer', { brief: 'email to the team: the all-hands moves to friday at 4pm. Bring your laptop. Parking is in lot B.' }, 'make it a list');
  t.regex(after!.content, /^The all-hands moves to Friday at 4pm\.\n\n- Bring your laptop\.\n- Parking is in lot B\.$/m);
  t.regex(after!.content, /^Hi team,$/m);
  t.deepEqual(after!.applied, ['format: bullet points']);
});
