import test from 'ava';
import { outcome } from '../document/helpers.js';

/** Standup notes as people type them: a line per person, lower case, shorthand for days and absences. */

const standup = `ana: finished the csv export, today on the billing bug
bob + dan pairing on the e2e flakes
carla out tmrw
dan: blocked on staging db creds`;

test('every standup line is kept: a pair owns its work, an absence is listed with its day in words', async (t) => {
  const result = await outcome('mind', { brief: "summarise today's standup", context: standup });
  t.regex(result.content, /^- Ana: finished the CSV export, today on the billing bug$/m);
  t.regex(result.content, /\*\*Bob and Dan\*\*: Pair on the e2e flakes/);
  t.regex(result.content, /## Availability\n\n- Carla: out tomorrow/);
  t.regex(result.content, /## Blockers and risks\n\n- Dan: blocked on staging db creds/);
  t.regex(result.content, /## Participants\n\nAna, Bob, Dan, Carla/);
  if (result.deliverable.kind !== 'meeting_summary') return t.fail(result.deliverable.kind);
  t.deepEqual(result.deliverable.data.action_items.map((item) => item.owner), ['Ana', 'Bob and Dan']);
  t.true(result.deliverable.data.summary.includes('Carla: out tomorrow'));
});

test('absences in shorthand: ooo, pto, wfh and day ranges read as words, with capitals', async (t) => {
  const context = '- priya: yday finished onboarding emails; today reviewing PRs\n- raj pto next week\n- tom ooo fri\n- lee wfh today\n- will: out mon-wed\n- mike & sara looking into the cache misses\n- sara: waiting on design for the settings page';
  const result = await outcome('mind', { brief: 'daily standup summary', context });
  const availability = result.content.split('## Availability\n\n')[1]?.split('\n\n')[0];
  t.is(availability, '- Raj: on PTO next week\n- Tom: out of office Friday\n- Lee: working from home today\n- Will: out Monday to Wednesday');
  t.regex(result.content, /\*\*Priya\*\*: Review PRs \(due today\)/);
  t.regex(result.content, /\*\*Mike and Sara\*\*: Look into the cache misses/);
  t.regex(result.content.split('## Blockers and risks')[1] ?? '', /Sara: waiting on design/);
  t.regex(result.content, /^- Priya: yesterday finished onboarding emails/m);
});

test('outside a standup an absence is listed too, while a topic before a colon stays a topic and a lone capitalised word owns nothing', async (t) => {
  const result = await outcome('mind', { brief: 'summarise our monday sync', context: 'launch: moved to april 14\nStaging looking better after the fix\nMaria: I will send the deck by Friday\ncarla out until thursday' });
  t.regex(result.content, /## Availability\n\n- Carla: out until Thursday/);
  t.notRegex(result.content, /\*\*Staging\*\*|\bLaunch,|, Launch\b/);
  t.regex(result.content, /\*\*Maria\*\*: Send the deck \(due Friday\)/);
  t.regex(result.content, /## Participants\n\nMaria, Carla$/m);
});

test("a standup's tools and acronyms are written as they are spelled: 'SQL migration', 'Excel export', 'Looker', in every part", async (t) => {
  const context = 'alice: finished the login page, today working on excel export\nbob: blocked on sql migration, waiting for dba\ncarla: looker dashboard done, out tmrw';
  const result = await outcome('mind', { brief: "summarize today's standup notes", context });
  t.regex(result.content, /^- Bob: blocked on SQL migration, waiting for DBA$/m);
  t.regex(result.content, /\*\*Alice\*\*: Work on Excel export/);
  t.regex(result.content, /^- Carla: Looker dashboard done, out tomorrow$/m);
  const topics = result.content.split('## Topics\n\n')[1]?.split('\n\n')[0] ?? '';
  t.regex(topics, /^- SQL migration$/m);
  t.regex(topics, /^- Excel export$/m);
  t.notRegex(result.content, /\b(?:Sql|sql|Dba|excel|looker)\b/);
});

test('a standup is titled as a person titles it: "Standup summary", or "Standup, 12 May" when the notes are dated', async (t) => {
  const today = await outcome('mind', { brief: "today's standup notes", context: 'ana: finished the billing page\nbob: on the search bug' });
  t.regex(today.content, /^# Standup summary\n/);
  const dated = await outcome('mind', { brief: 'summarize the standup', context: '## Standup 12 May\nana: finished the billing page\nbob: on the search bug' });
  t.regex(dated.content, /^# Standup, 12 May\n/);
  t.notRegex(dated.content, /^- Standup 12 May$/m);
  if (dated.deliverable.kind !== 'meeting_summary') return t.fail(dated.deliverable.kind);
  t.is(dated.deliverable.data.date, '12 May');
  const team = await outcome('mind', { brief: 'summarize the mobile team standup on tuesday', context: 'ana: finished the billing page\nbob: on the search bug' });
  t.regex(team.content, /^# Mobile team standup, Tuesday\n/);
  const bare = await outcome('mind', { brief: "summarize today's standup" });
  t.regex(bare.content, /^# Standup summary\n/);
});

test('a topic named by a product with a capital inside keeps it: "iOS release", never "Ios release" or "IOS release"', async (t) => {
  const context = '- jen: reviewed 3 prs, today fixing the ci pipeline, then qa for the ios release\n- raj: blocked, waiting on api keys from stripe';
  const result = await outcome('mind', { brief: 'summarize standup', context });
  t.regex(result.content, /## Topics\n\n(?:- .+\n)*- iOS release$/m);
  t.regex(result.content, /^- Raj: blocked, waiting on API keys from Stripe$/m);
});

test('a standup typed on one line, "name:" after each full stop, is a line a person; "today: start on filters" is her action item', async (t) => {
  const result = await outcome('mind', { brief: 'summarize this standup', context: 'ana: finished csv export, today: start on filters. bob: stuck on flaky e2e tests. carla: out tomorrow' });
  if (result.deliverable.kind !== 'meeting_summary') return t.fail(result.deliverable.kind);
  t.deepEqual(result.deliverable.data.action_items, [{ owner: 'Ana', task: 'Start on filters', due: 'today' }]);
  t.regex(result.content, /^- Bob: stuck on flaky e2e tests\.$/m);
  t.regex(result.content, /^- Carla: out tomorrow$/m);
  t.regex(result.content, /^## Participants\n\nAna, Bob, Carla$/m);
  t.notRegex(result.content, /^- (?:Start|Stuck)$/m);
});
