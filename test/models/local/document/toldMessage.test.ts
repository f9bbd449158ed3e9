import test from 'ava';
import { outcome } from './helpers.js';

/** A one-line ask that is itself the message ("email the team that ...", "tell ...", "let ... know ...") is that email, not an outline. */

for (const brief of ['email the team that standup moves to 9:30 from monday', 'tell the team that standup moves to 9:30 from monday', 'let the team know standup moves to 9:30 from monday']) {
  test(`"${brief}" is the email itself, to the team, saying so`, async (t) => {
    const result = await outcome('writer', { brief });
    t.is(result.deliverable.kind, 'email');
    t.is(result.draftKind, 'grounded');
    t.regex(result.content, /^\*\*Subject:\*\* Standup moves to 9:30 from Monday$/m);
    t.regex(result.content, /^Hi team,$/m);
    t.regex(result.content, /^Standup moves to 9:30 from Monday\.$/m);
    t.regex(result.content, /^Kind regards,$/m);
    t.notRegex(result.content, /Give the facts|Starting outline/);
  });
}

test('"can you email everyone that ..." greets everyone; "tell customers how to ..." is not a statement to pass on', async (t) => {
  const result = await outcome('writer', { brief: 'can you email everyone that the office is closed on friday 3 march' });
  t.regex(result.content, /^Hi everyone,$/m);
  t.regex(result.content, /^The office is closed on Friday 3 March\.$/m);
  const guide = await outcome('writer', { brief: 'tell customers how to reset their password' });
  t.not(guide.deliverable.kind, 'email');
});
