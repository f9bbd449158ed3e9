import test from 'ava';
import { outcome } from './helpers.js';

/** Issue 26: the mind crew writes the deliverable asked for, from every fact of the request, in the asked form. */

test('a KPI review from a one-line brief carries its figures, target and date in a table', async (t) => {
  const result = await outcome('mind', { brief: 'KPI review for the clinic front desk. Average check-in wait is 22 minutes and we want it under 10 minutes by June.' });
  t.is(result.deliverable.kind, 'status_review');
  t.is(result.draftKind, 'grounded');
  t.regex(result.content, /^\| Average check-in wait \| 22 minutes \| under 10 minutes \| June \|/m);
  t.notRegex(result.content, /meeting summary/i);
  if (result.deliverable.kind !== 'status_review') return;
  t.deepEqual(result.deliverable.data.metrics[0], { name: 'Average check-in wait', current: '22 minutes', target: 'under 10 minutes', due: 'June', status: 'at_risk' });
});

test('a chat export with timestamps: each line is its author\'s, actions go to who said them', async (t) => {
  const context = [
    'Maria Lopez  6:30 AM',
    'Van 7 has a flat tire, the Utrecht route is short one van.',
    'Jan de Vries  6:45 AM',
    'I will send van 12 to cover Utrecht and get van 7 to the garage by Monday.',
    'Nice, thanks Jan.',
    'Maria Lopez  6:50 AM',
    'We decided to move the Amsterdam north stops to van 3.',
  ].join('\n');
  const result = await outcome('mind', { brief: 'Summarize the dispatch chat and list action items', context });
  t.is(result.deliverable.kind, 'meeting_summary');
  t.regex(result.content, /Jan de Vries[^\n]*van 12|van 12[^\n]*Jan de Vries/);
  t.notRegex(result.content, /Maria[^\n]*van 12/);
  t.regex(result.content, /Amsterdam north stops to van 3/);
});

test('a retro keeps its board\'s columns; "Nice" is never an owner', async (t) => {
  const context = 'Went well:\n- Deploys took 6 minutes instead of 20\n- Nice pairing on the billing bug\nTo improve:\n- Reviews waited two days on average\n- Dave: staging data is three weeks old\nActions:\n- Dave will refresh staging data by Friday\n- Priya to set a review rotation';
  const result = await outcome('mind', { brief: 'Write up our sprint 14 retro', context });
  if (result.deliverable.kind !== 'retro') return t.fail(result.deliverable.kind);
  const { data } = result.deliverable;
  t.true(data.went_well.includes('Deploys took 6 minutes instead of 20'));
  t.true(data.went_well.includes('Nice pairing on the billing bug'));
  t.true(data.to_improve.includes('Reviews waited two days on average'));
  t.deepEqual(data.action_items.map((item) => item.owner), ['Dave', 'Priya']);
  t.is(data.action_items[0]!.due, 'Friday');
  t.notRegex(result.content, /\*\*Nice\*\*/);
});

test('a priority ranking is not all "medium": urgency and "nice to have" decide, with reasons', async (t) => {
  const context = '- TypeScript types, asked in 23 issues\n- Async iterator support\n- Fix the memory leak in drain(), reported by two production users\n- Nice to have: a logo';
  const result = await outcome('mind', { brief: 'Prioritize these feature requests for tinyqueue', context });
  if (result.deliverable.kind !== 'priority_ranking') return t.fail(result.deliverable.kind);
  const priorities = result.deliverable.data.items.map((item) => item.priority);
  t.true(new Set(priorities).size > 1, priorities.join());
  t.is(result.deliverable.data.items.at(-1)!.item, 'Nice to have: a logo');
  t.is(result.deliverable.data.items.at(-1)!.priority, 'low');
  t.regex(result.content, /^\| Rank \| Item \| Priority \| Why \|/m);
});

test('an incident analysis with numbered recommendations and action items', async (t) => {
  const context = 'Routing was down from 05:10 to 06:40 on Tuesday. 212 drivers started without routes. The cause was an expired certificate on the maps API proxy. We should alert on certificate expiry 30 days ahead. Sam will add the alert by Friday.';
  const result = await outcome('mind', { brief: 'Incident analysis of Tuesday\'s routing outage', context, requirements: { format: 'numbered recommendations', include_action_items: true } });
  t.is(result.deliverable.kind, 'analysis');
  for (const fact of ['05:10', '06:40', '212 drivers', '30 days']) t.true(result.content.includes(fact), fact);
  t.regex(result.content, /^## Recommendations\n\n1\. We should alert on certificate expiry 30 days ahead/m);
  t.regex(result.content, /\*\*Sam\*\*: Add the alert/);
});

test('a transcript of one paragraph pasted many times is read once', async (t) => {
  const paragraph = 'Maria: the backlog is 1,240 tickets.\nJan: I will triage the oldest 200 by Friday.\n';
  const result = await outcome('mind', { brief: 'Summarise the ops call', context: paragraph.repeat(2000) });
  t.true(result.content.split(/\s+/).length < 200, `${result.content.split(/\s+/).length} words`);
  t.is(result.content.match(/1,240 tickets/g)?.length, 1);
  t.notRegex(result.content, /Maria: Maria:/);
});

test('a process plan asked as a table keeps the requirements\' timeline', async (t) => {
  const context = 'Goal: intake done in under 15 minutes. Reception checks ID and insurance. The nurse takes vitals. Raj will set up the tablet forms by 1 December. Paper forms are often lost.';
  const result = await outcome('mind', { brief: 'Process plan for the new patient intake', context, requirements: { format: 'table', timeline: 'December 2026' } });
  t.is(result.deliverable.kind, 'process_plan');
  t.regex(result.content, /\*\*Timeline:\*\* December 2026/);
  t.regex(result.content, /^\| # \| Step \| Owner \| By \|/m);
  t.regex(result.content, /\| Set up the tablet forms \| Raj \| 1 December \|/);
});

test('a form the crew cannot give is reported unmet with its reason, never skipped silently', async (t) => {
  const result = await outcome('mind', { brief: 'Summarise the sync as a table', context: 'Maria: the backlog is 1,240 tickets.\nJan: I will triage the oldest 200 by Friday.', requirements: { format: 'numbered list' } });
  const listed = /^1\. /m.test(result.content);
  t.true(listed || result.unmet.some((unmet) => unmet.requirement === 'format' && /numbered/.test(unmet.reason)), JSON.stringify(result.unmet));
});

test('a retro typed as one paragraph of labelled lists: each column its items, the ideas as actions', async (t) => {
  const result = await outcome('mind', { brief: "Retro for sprint 14. Went well: shipped the billing page on time, pairing on the migration. Didn't go well: flaky CI, too many meetings. Ideas: no-meeting Wednesdays." });
  if (result.deliverable.kind !== 'retro') return t.fail(result.deliverable.kind);
  t.deepEqual(result.deliverable.data.went_well, ['Shipped the billing page on time', 'Pairing on the migration']);
  t.deepEqual(result.deliverable.data.to_improve, ['Flaky CI', 'Too many meetings']);
  t.deepEqual(result.deliverable.data.action_items.map((item) => item.task), ['No-meeting Wednesdays']);
});

test('"Priorities for next week: ..." in one sentence ranks each of its parts', async (t) => {
  const result = await outcome('mind', { brief: 'Priorities for next week: the checkout bug is losing us orders (urgent), update the FAQ, nice to have: a new logo, and the SOC 2 audit is due Friday.' });
  if (result.deliverable.kind !== 'priority_ranking') return t.fail(result.deliverable.kind);
  const ranked = result.deliverable.data.items.map((item) => [item.item, item.priority]);
  t.deepEqual(ranked[0], ['The checkout bug is losing us orders (urgent)', 'high']);
  t.deepEqual(ranked.at(-1), ['Nice to have: a new logo', 'low']);
  t.is(ranked.length, 4);
});

test('an email thread pasted into the brief: each message is its sender\'s, offers are their actions, a deadline is not a decision', async (t) => {
  const brief = `Summarise this email thread and list who does what.

From: Sarah Chen
Hi all, the venue for the offsite fell through. I can look at two alternatives in Lisbon by Wednesday.

From: Tom Becker <tom@example.com>
Thanks Sarah. I'll ask finance whether the budget of 12,000 euros still holds. We need a decision by Friday.

On Tue, 3 May 2026, Priya Nair wrote:
I can handle flights once we pick the venue. Let's keep the dates, 14-16 May.`;
  const result = await outcome('mind', { brief });
  if (result.deliverable.kind !== 'meeting_summary') return t.fail(result.deliverable.kind);
  t.deepEqual(result.deliverable.data.action_items.map((item) => [item.owner, item.task, item.due]), [
    ['Sarah Chen', 'Look at two alternatives in Lisbon', 'Wednesday'],
    ['Tom Becker', 'Ask finance whether the budget of 12,000 euros still holds', null],
    ['Priya Nair', 'Handle flights once we pick the venue', null],
  ]);
  t.deepEqual(result.deliverable.data.decisions, []);
  t.notRegex(result.content, /From:|Hi all/);
  t.regex(result.content, /^- Sarah Chen: The venue for the offsite fell through\.$/m);
});

test('"What should I focus on this week?" ranks the list: a bug customers hit first, a possessive date kept in its task, "Q3" no figure', async (t) => {
  const result = await outcome('mind', { brief: "What should I focus on this week? Finish the Q3 report, fix the login bug customers keep hitting, prepare slides for Thursday's board meeting, answer the 40 unread support emails" });
  if (result.deliverable.kind !== 'priority_ranking') return t.fail(result.deliverable.kind);
  t.is(result.deliverable.data.title, 'This week: priorities');
  const items = result.deliverable.data.items;
  t.deepEqual(items[0], { rank: 1, item: 'Fix the login bug customers keep hitting', priority: 'high', reason: 'urgent, or affects customers, money or safety' });
  t.true(items.some((item) => item.item === "Prepare slides for Thursday's board meeting" && item.reason === 'due Thursday'), JSON.stringify(items));
  t.false(items.some((item) => item.reason?.includes('3 report')), 'Q3 names a quarter, it is not a figure');
});

test('"Summarise this: ..." and "Prioritise these for me: ..." are titled by the deliverable, not "This" or "Me"', async (t) => {
  const summary = await outcome('mind', { brief: 'Summarise this: we agreed to move the launch to May 12. Tom will update the website by Friday. Still open: who presents at the all-hands?' });
  t.regex(summary.content, /^# Meeting summary\n/);
  const ranking = await outcome('mind', { brief: 'Prioritise these for me: renew the SSL certificate before it expires on Monday, redesign the logo, reply to the investor email, fix the broken checkout on mobile' });
  if (ranking.deliverable.kind !== 'priority_ranking') return t.fail(ranking.deliverable.kind);
  t.is(ranking.deliverable.data.title, 'Priorities');
  t.deepEqual(ranking.deliverable.data.items.slice(0, 2).map((item) => item.item), ['Renew the SSL certificate before it expires on Monday', 'Fix the broken checkout on mobile']);
});

test('a KPI line typed in one sentence: "1,240" stays one figure, what it was sits beside it, a fall is a risk', async (t) => {
  const result = await outcome('mind', { brief: 'weekly KPI review: signups 1,240 (last week 1,100), activation 38% (was 41%), churn 2.1% flat, MRR $84k up from $81k' });
  if (result.deliverable.kind !== 'status_review') return t.fail(result.deliverable.kind);
  t.is(result.deliverable.data.title, 'Weekly status review');
  t.is(result.deliverable.data.period, null, '"last week 1,100" is no week 1');
  t.deepEqual(result.deliverable.data.metrics.map((metric) => [metric.name, metric.current, metric.status]), [
    ['Signups', '1,240 (was 1,100)', 'on_track'],
    ['Activation', '38% (was 41%)', 'at_risk'],
    ['Churn', '2.1% (flat)', 'on_track'],
    ['MRR', '$84k (was $81k)', 'on_track'],
  ]);
  t.deepEqual(result.deliverable.data.risks, ['Activation 38% (was 41%)']);
});

test('a retro\'s "try next" column is its action items; "Next step: Maria sends proposal by Friday" is Maria\'s', async (t) => {
  const retro = await outcome('mind', { brief: "retro for sprint 14. went well: shipped search on time, pairing helped. didn't go well: too many meetings, flaky e2e tests blocked merges twice. try next: no-meeting Wednesdays, quarantine flaky tests" });
  if (retro.deliverable.kind !== 'retro') return t.fail(retro.deliverable.kind);
  t.deepEqual(retro.deliverable.data.action_items.map((action) => action.task), ['No-meeting Wednesdays', 'Quarantine flaky tests']);
  const call = await outcome('mind', { brief: "Notes from today's call with Globex (Tue 9 Apr): they want SSO before renewal in July, unhappy with support response times (avg 3 days), asked for a dedicated CSM. Next step: Maria sends proposal by Friday." });
  if (call.deliverable.kind !== 'meeting_summary') return t.fail(call.deliverable.kind);
  t.deepEqual(call.deliverable.data.action_items, [{ owner: 'Maria', task: 'Send proposal', due: 'Friday' }]);
});

test('"rank these bugs by priority": a failing checkout first, a typo last, "10k rows" a figure it involves', async (t) => {
  const result = await outcome('mind', { brief: 'rank these bugs by priority: checkout fails on Safari (blocks payments), typo on About page, export times out for accounts over 10k rows, avatar upload slow' });
  if (result.deliverable.kind !== 'priority_ranking') return t.fail(result.deliverable.kind);
  t.is(result.deliverable.data.title, 'Priorities');
  t.deepEqual(result.deliverable.data.items.map((item) => [item.item, item.priority]), [
    ['Checkout fails on Safari (blocks payments)', 'high'], ['Export times out for accounts over 10k rows', 'medium'], ['Avatar upload slow', 'medium'], ['Typo on About page', 'low'],
  ]);
  t.is(result.deliverable.data.items[1]!.reason, 'involves 10k rows');
});

test('a ranked line\'s own reason is its "why": a bracket, a clause after a comma; a priority label is no reason', async (t) => {
  const result = await outcome('mind', {
    brief: 'help me prioritize these',
    context: '- fix checkout bug (customers losing carts)\n- redesign settings page\n- gdpr data export, legal says needed by jan 1\n- speed up search, takes 4s\n- update the logo (nice to have)',
  });
  if (result.deliverable.kind !== 'priority_ranking') return t.fail(result.deliverable.kind);
  t.deepEqual(result.deliverable.data.items.map((item) => [item.item, item.reason]), [
    ['GDPR data export, legal says needed by Jan 1', 'urgent: legal says needed by Jan 1'],
    ['Fix checkout bug (customers losing carts)', 'urgent: customers losing carts'],
    ['Speed up search, takes 4s', 'takes 4s'],
    ['Redesign settings page', null],
    ['Update the logo (nice to have)', 'stated as minor or for later'],
  ]);
});

test('a decision memo is titled by its question, its facts one a line; a refund process is steps owned by roles; a standup keeps "Chen: out sick"', async (t) => {
  const memo = await outcome('mind', { brief: 'give me a quick decision memo: should we switch from Heroku to AWS? Heroku costs $3,200/month, AWS estimate $1,900/month, migration takes ~6 weeks of one engineer, team has no AWS experience' });
  if (memo.deliverable.kind !== 'analysis') return t.fail(memo.deliverable.kind);
  t.is(memo.deliverable.data.title, 'Should we switch from Heroku to AWS?');
  // Each fact on the side it argues: what the old option costs is for the switch, what switching takes against it.
  t.deepEqual(memo.deliverable.data.findings.map((finding) => finding.finding), ['For: Heroku costs $3,200/month', 'AWS estimate $1,900/month', 'Against: Migration takes ~6 weeks of one engineer', 'Against: Team has no AWS experience']);
  t.regex(memo.content, /^## For moving to AWS\n\n- Heroku costs \$3,200\/month$/m);
  t.deepEqual(memo.deliverable.data.recommendations, []);
  const refunds = await outcome('mind', { brief: 'write a process for handling customer refund requests: support logs the request in Zendesk, finance approves anything over $500, refunds under $500 are auto-approved, customer gets an email within 48 hours' });
  if (refunds.deliverable.kind !== 'process_plan') return t.fail(refunds.deliverable.kind);
  t.deepEqual(refunds.deliverable.data.steps.map((step) => [step.step, step.owner]), [
    ['Log the request in Zendesk', 'Support'], ['Approve anything over $500', 'Finance'], ['Refunds under $500 are auto-approved', null], ['Customer gets an email within 48 hours', null],
  ]);
  const standup = await outcome('mind', { brief: 'Can you write up the standup? Ana: finished login bug, today on search filters, blocked on design for empty state. Ben: reviewing PR 412, then onboarding docs. Chen: out sick.' });
  t.regex(standup.content, /Chen: Out sick\./);
});

test('board call notes: the attendees are listed, "Lisa to get quotes" is her action, "Not decided: whether ..." an open question', async (t) => {
  const result = await outcome('mind', { brief: 'Meeting notes from the board call 12 June. Attendees: Ruth, Kwame, Lisa. Decided to raise membership fee to 30 pounds from January. Kwame to draft the letter to members by 1 July. Lisa to get quotes for the hall roof. Not decided: whether to move the AGM to October.' });
  if (result.deliverable.kind !== 'meeting_summary') return t.fail(result.deliverable.kind);
  t.regex(result.content, /^\*\*Attendees:\*\* Ruth, Kwame, Lisa$/m);
  t.deepEqual(result.deliverable.data.decisions.map((decision) => decision.text), ['Decided to raise membership fee to 30 pounds from January.']);
  t.deepEqual(result.deliverable.data.action_items.map((action) => action.owner), ['Kwame', 'Lisa']);
  t.deepEqual(result.deliverable.data.open_questions, ['Whether to move the AGM to October.']);
});

test('a pasted Slack standup with no ask: "Standup summary", Leo owns "should have a fix by Wed"; a Q3 ranking: the deal first, one request last', async (t) => {
  const standup = await outcome('mind', { brief: "[09:02] Dana: standup notes - checkout bug still open, Leo on it\n[09:03] Leo: should have a fix by Wed, need QA from Amir\n[09:05] Amir: I can test Wed afternoon\n[09:07] Priya: I'll update the deck by Thursday" });
  if (standup.deliverable.kind !== 'meeting_summary') return t.fail(standup.deliverable.kind);
  t.is(standup.deliverable.data.title, 'Standup summary');
  t.deepEqual(standup.deliverable.data.action_items.map((action) => action.owner), ['Leo', 'Amir', 'Priya']);
  const ranking = await outcome('mind', { brief: 'Prioritise these for Q3, we only have 2 devs: dark mode (lots of requests), SSO (needed to close the Beacon deal, 60k), faster search (complaints up 30%), Android widget (1 request)' });
  if (ranking.deliverable.kind !== 'priority_ranking') return t.fail(ranking.deliverable.kind);
  t.is(ranking.deliverable.data.title, 'Q3: priorities');
  t.is(ranking.deliverable.data.items[0]!.item, 'SSO (needed to close the Beacon deal, 60k)');
  t.deepEqual(ranking.deliverable.data.items.at(-1), { rank: 4, item: 'Android widget (1 request)', priority: 'low', reason: 'stated as minor or for later' });
});

test('"Compare these three CRM options as a table: ...; ...; ..." is a row per option, what describes it beside it', async (t) => {
  const result = await outcome('mind', { brief: 'Compare these three CRM options as a table: HubSpot free tier, 0 per month, 1M contacts limit; Pipedrive, 14 per user per month, good pipeline view; Zoho, 12 per user per month, clunky UI' });
  t.regex(result.content, /^# CRM options: analysis\n/);
  t.regex(result.content, /^\| Option \| Details \|\n\| --- \| --- \|\n\| HubSpot free tier \| 0 per month, 1M contacts limit \|\n\| Pipedrive \| 14 per user per month, good pipeline view \|\n\| Zoho \| 12 per user per month, clunky UI \|$/m);
});

test('a sprint review is a status review: "Done:" and "Not done:" stay on their lines, velocity against its target', async (t) => {
  const result = await outcome('mind', { brief: 'Sprint review for the team, sprint 14:\nDone: search filters, CSV import\nNot done: billing page (blocked on Stripe keys)\nVelocity 31 points (target 35)\nBugs opened 9, closed 12' });
  if (result.deliverable.kind !== 'status_review') return t.fail(result.deliverable.kind);
  t.deepEqual(result.deliverable.data.highlights, ['Done: search filters', 'Done: CSV import']);
  t.true(result.deliverable.data.risks.includes('Not done: billing page (blocked on Stripe keys)'));
  t.like(result.deliverable.data.metrics[0], { name: 'Velocity', current: '31 points', target: '35', status: 'at_risk' });
});

test('an agenda keeps who leads each item however it was typed ("(maria, 20 min)", "- tom"), what else its brackets say, and "aob" as AOB', async (t) => {
  const context = 'q3 roadmap review (maria, 20 min)\nhiring plan for 2 backend roles - tom\nbudget sign-off for the tooling spend (decision needed, 10 min)\naob';
  const result = await outcome('mind', { brief: "agenda for Monday's planning meeting", context });
  t.regex(result.content, /^1\. Q3 roadmap review \(Maria, 20 min\)\n2\. Hiring plan for 2 backend roles \(Tom\)\n3\. Budget sign-off for the tooling spend \(decision needed, 10 min\)\n4\. AOB$/m);
});

test('"retro notes" is a "Retrospective": "- dan" after an action is its owner, "wednesdays" a day with its capital', async (t) => {
  const context = "went well: shipped the csv import on time, good pairing\ndidn't go well: too many meetings, flaky ci\ntry next: no-meeting wednesdays, fix the flaky e2e tests - dan";
  const result = await outcome('mind', { brief: 'retro notes', context });
  if (result.deliverable.kind !== 'retro') return t.fail(result.deliverable.kind);
  t.is(result.deliverable.data.title, 'Retrospective');
  t.deepEqual(result.deliverable.data.action_items.map((item) => [item.owner, item.task]), [['Dan', 'Fix the flaky e2e tests'], [null, 'No-meeting Wednesdays']]);
});

test('"tom sends the proposal friday" in one-line call notes is Tom\'s action due Friday, not a summary line', async (t) => {
  const result = await outcome('mind', { brief: "notes from today's call with acme: they want sso by q3, budget approved for 50 seats, tom sends the proposal friday, open question on data residency" });
  if (result.deliverable.kind !== 'meeting_summary') return t.fail(result.deliverable.kind);
  t.deepEqual(result.deliverable.data.action_items, [{ owner: 'Tom', task: 'Send the proposal', due: 'Friday' }]);
  t.deepEqual(result.deliverable.data.summary, ['They want SSO by Q3']);
});

test('a status update "for my manager": "X up from 3.1% to 3.8%" is the measure now and what it was; my next actions are mine, dated by their label', async (t) => {
  const result = await outcome('mind', {
    brief: 'weekly status update for my manager',
    context: '- finished the onboarding redesign, shipped tuesday\n- signup conversion up from 3.1% to 3.8%\n- churn went from 2% to 3%\n- next week: start the pricing experiment',
  });
  if (result.deliverable.kind !== 'status_review') return t.fail(result.deliverable.kind);
  t.deepEqual(result.deliverable.data.metrics.map((metric) => [metric.name, metric.current, metric.status]), [
    ['Signup conversion', '3.8% (was 3.1%)', 'on_track'],
    ['Churn', '3% (was 2%)', 'at_risk'],
  ]);
  t.deepEqual(result.deliverable.data.action_items, [{ owner: null, task: 'Start the pricing experiment', due: 'next week' }]);
  t.regex(result.content, /^- \[ \] Start the pricing experiment \(due next week\)$/m);
  t.notRegex(result.content, /Unassigned/);
});

test('"should we move X from slack to teams? pros and cons": the question is the title, each note under the side it argues, the options named with their capitals', async (t) => {
  const result = await outcome('mind', {
    brief: 'should we move our team chat from slack to teams? pros and cons',
    context: 'slack costs 8.75/user/month, we have 40 people\nteams is included in our microsoft 365 plan\npeople like slack, lots of integrations (github, pagerduty)\nteams has worse search according to the 3 people who used it\nmigration would take a few weeks',
  });
  if (result.deliverable.kind !== 'analysis') return t.fail(result.deliverable.kind);
  t.is(result.deliverable.data.title, 'Should we move our team chat from Slack to Teams?');
  t.regex(result.content, /^## For moving to Teams\n\n- Slack costs 8\.75\/user\/month, we have 40 people\n- Teams is included in our Microsoft 365 plan$/m);
  t.regex(result.content, /^## Against\n\n- People like Slack, lots of integrations \(GitHub, PagerDuty\)\n- Teams has worse search according to the 3 people who used it\n- Migration would take a few weeks$/m);
});

test('"analyse why our conversion dropped": what changed in the period is a possible cause, never asserted; "since aug" dates a finding and gives no reason', async (t) => {
  const result = await outcome('mind', {
    brief: 'analyse why our trial to paid conversion dropped',
    context: 'conversion was 12% in q2, 8% in q3. we removed the onboarding call in july. pricing page changed in august (annual shown first). support tickets from trials up 30%. more signups from tiktok ads since aug.',
  });
  t.regex(result.content, /## Possible causes\n\n- We removed the onboarding call in July\.\n- Pricing page changed in August \(annual shown first\)\.\n/);
  t.regex(result.content, /## Findings\n\n(?:- .+\n)*- More signups from TikTok ads since Aug\./);
  t.notRegex(result.content, /^## Causes$/m);
});

test('a comparison keeps every part of an option\'s line: "great collaboration" is a fact, not a chat reply', async (t) => {
  const result = await outcome('mind', { brief: 'compare notion, confluence and google docs for our wiki', context: 'notion: $10/user, great editor, weak permissions. confluence: $6/user, jira integration, clunky editor. google docs: free with workspace, no structure, great collaboration. we are 30 people, already on jira.' });
  t.regex(result.content, /^\| Google docs \| free with workspace, no structure, great collaboration \|$/m);
});
