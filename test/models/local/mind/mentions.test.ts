import test from 'ava';
import { outcome } from '../document/helpers.js';

/** Notes typed in a hurry hand out work with "@name" and "name -> task", and dates after a comma. */

const notes = `design review thurs
- new onboarding flow looks good overall
- @omar to fix the contrast issues by eod fri
- priya -> write the empty-state copy, mon
- @nina review the icons cob tues
- signup -> still two steps too long`;

test('"@omar to ..." and "priya -> ..." are action items of Omar and Priya, with their due dates', async (t) => {
  const result = await outcome('mind', { brief: 'summarize these notes and pull out action items', context: notes });
  t.regex(result.content, /^- \[ \] \*\*Omar\*\*: Fix the contrast issues \(due end of day Friday\)$/m);
  t.regex(result.content, /^- \[ \] \*\*Priya\*\*: Write the empty-state copy \(due Monday\)$/m);
  t.notRegex(result.content, /\*\*Signup\*\*/);
  t.notRegex(result.content, /@omar|@nina/i);
  if (result.deliverable.kind !== 'meeting_summary') return t.fail(result.deliverable.kind);
  t.deepEqual(
    result.deliverable.data.action_items.map((item) => item.owner),
    ['Omar', 'Priya', 'Nina'],
  );
});

test('a chat pasted in lower case ("ana: ...", "ben: ...") is read as its people: their names, who takes what', async (t) => {
  const chat = `ana: should we go with postgres or mongo
ben: postgres, we need joins
carl: agree postgres
ana: ok postgres it is. ben can you set up the schema by thurs
ben: yep`;
  const result = await outcome('mind', { brief: 'what did we decide?', context: chat });
  t.regex(result.content, /^- \[ \] \*\*Ben\*\*: Set up the schema \(due Thursday\)$/m);
  t.regex(result.content, /## Participants\n\nAna, Ben, Carl$/m);
  t.regex(result.content, /## Decisions\n\n- .*Postgres it is/);
});

test('"launch: ..." and "budget: ..." lines are topics, not people', async (t) => {
  const result = await outcome('mind', { brief: 'summarize these notes', context: `launch: moved to april\nbudget: still tbd, need finance input\nana will chase finance by fri` });
  t.notRegex(result.content, /\*\*Launch\*\*|\*\*Budget\*\*|Participants\n\n.*Launch/);
  t.regex(result.content, /^- \[ \] \*\*Ana\*\*: Chase finance \(due Friday\)$/m);
});
