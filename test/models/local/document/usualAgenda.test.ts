import test from 'ava';
import { outcome } from './helpers.js';

/** An agenda asked without notes: the items such a meeting usually covers, never an outline asking for them. */

test('"agenda for monday\'s planning meeting" lists what a planning meeting covers, in order', async (t) => {
  const result = await outcome('mind', { brief: "agenda for monday's planning meeting" });
  t.is(result.content.trim(), "# Agenda: Monday's planning meeting\n\n1. Goal of the meeting\n2. Review of the last period: what shipped, what slipped\n3. Priorities for the next period\n4. Capacity and who owns what\n5. Risks and dependencies\n6. Decisions and next steps");
  t.regex(result.notes[0]!, /without notes/);
  const kickoff = await outcome('mind', { brief: 'agenda for the project kickoff with acme' });
  t.regex(kickoff.content, /^1\. Introductions and roles$/m);
});
