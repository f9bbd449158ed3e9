import test from 'ava';
import { capitalizeRollNames } from '../../../../models/local/mind/rollNames.js';
import { outcome } from '../document/helpers.js';

/** Meeting notes typed all in lower case, names included, read as the same notes with capitals. */

const notes = `attendees: dana, lee, priya
- launch moved to april 14 because legal review isn't done
- dana to send the new timeline to sales by wed
- lee owns the pricing page copy, due friday
- priya: budget is 12k, no more`;

test('a lower-case roll gives the action items their owners, and the people their names', async (t) => {
  const result = await outcome('mind', { brief: 'summarise our monday sync', context: notes });
  // Days as a reader writes them: "wed" is Wednesday, "friday" Friday.
  t.regex(result.content, /\*\*Dana\*\*: Send the new timeline to sales \(due Wednesday\)/);
  t.regex(result.content, /\*\*Lee\*\*: Own the pricing page copy \(due Friday\)/);
  t.regex(result.content, /## Participants\n\nDana, Lee, Priya/);
  if (result.deliverable.kind !== 'meeting_summary') return t.fail(result.deliverable.kind);
  t.deepEqual(result.deliverable.data.action_items.map((item) => [item.owner, item.due]), [['Dana', 'Wednesday'], ['Lee', 'Friday']]);
});

test('lower-case notes read as sentences, and a cut-off phrase or a month is no topic', async (t) => {
  const result = await outcome('mind', { brief: 'summarise our monday sync', context: notes });
  t.regex(result.content, /^- Launch moved to April 14 because legal review isn't done$/m);
  const topics = result.content.split('## Topics\n\n')[1]!.split('\n\n')[0]!;
  t.notRegex(topics, /isn't|^- April$/im);
});

test('only the names the roll lists change, and a name that is an everyday word only where it names the person', (t) => {
  const [out] = capitalizeRollNames(['present: will, ana\n- will to book the room\n- ana: we will meet in may\n- the launch will slip']);
  t.is(out, 'present: Will, Ana\n- Will to book the room\n- Ana: we will meet in may\n- the launch will slip');
  t.deepEqual(capitalizeRollNames(['Attendees: Dana, Lee\n- dana to send it']), ['Attendees: Dana, Lee\n- Dana to send it'], 'a roll with capitals is left as written; the commitment names its owner');
});

test('a name the lexicon does not know is a person where a line commits them to a task; a thing that will happen is not', async (t) => {
  const result = await outcome('mind', { brief: 'standup notes', context: 'priya will send the deck fri\nomar to fix the flaky test\nbilling will go live monday\nthabo owns the launch email' });
  t.true(result.content.includes('**Priya**: Send the deck'), result.content);
  t.true(result.content.includes('**Thabo**'), result.content);
  t.regex(result.content, /## Participants\n\n.*Priya/, result.content);
  t.false(/\*\*Billing\*\*/.test(result.content), result.content);
});
