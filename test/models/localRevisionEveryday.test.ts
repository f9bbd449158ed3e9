import test from 'ava';
import { createLocalProvider } from '../../models/local/index.js';
import type { StageOutput } from '../../models/types.js';
import { documentWordCount } from '../../quality/markdown.js';
import { finalContent, stageInput, type Request } from './runCrew.js';

// Revisions as people ask for them, on documents as a crew hands them back; asserted on the content.
const provider = createLocalProvider();

interface RevisionData {
  changes_requested: string[];
  applied: string[];
  not_applied: Array<{ part: string; reason: string }>;
}

async function revise(crew: 'writer' | 'mind' | 'pilot', request: Request, previousContent: string, feedback: string): Promise<{ content: string; data: RevisionData }> {
  const result = await provider.step(stageInput(crew, 0, request, [], { feedback, requirements: {}, previousContent }), [], [], new AbortController().signal);
  if (result.kind !== 'final') throw new Error('expected a final output');
  return { content: result.output.content, data: (result.output as StageOutput).data as unknown as RevisionData };
}

const dispatchChat = `[6:32 AM] Maria Lopez: morning all, van 3 is still in the shop, brakes
[6:40 AM] Tom Becker: ok so we're down to 6 vans for the north route today
Jan de Vries  6:45 AM
I'll send van 7 to cover the north route, it's back from service
[6:50 AM] Maria Lopez: thanks Jan. we decided to push the Oakwood deliveries to Thursday
[6:52 AM] Tom Becker: I will call the Oakwood customers by 10am to tell them
[6:55 AM] Maria Lopez: on-time rate last week was 91%, target is 95%`;
const dispatch: Request = { brief: 'Summarize this morning dispatch chat', context: dispatchChat };
const dispatchSummary = `# Dispatch chat: north route cover

## Summary

The morning started with the fleet one van short. Van 3 is still in the shop with brake trouble, so the north route is down to 6 vans today. The team talked through how to cover it and what to tell customers. Everyone agreed the situation is manageable for one day. It was a short and friendly exchange. On-time rate last week was 91% against a target of 95%.

## Decisions

- The Oakwood deliveries move to Thursday.

## Action items

- Maria Lopez: send van 7 to cover the north route (today)
- Tom Becker: call the Oakwood customers by 10am

## Discussion

- Van 7 is back from service and can take the north route.
- Maria Lopez will check whether van 3 is ready tomorrow.
- The team thanked each other and closed the chat.`;

test('"Cut it in half." keeps at most 60% of the words and every decision, owner and figure', async (t) => {
  const { content, data } = await revise('mind', dispatch, dispatchSummary, 'Cut it in half.');
  const before = documentWordCount(dispatchSummary);
  t.true(documentWordCount(content) <= before * 0.6, `${before} -> ${documentWordCount(content)}\n${content}`);
  for (const kept of ['Oakwood deliveries move to Thursday', 'Maria Lopez: send van 7', 'Tom Becker: call the Oakwood customers by 10am', '91%', '95%']) t.true(content.includes(kept), `${kept}\n${content}`);
  t.deepEqual(data.applied, ['length']);
  // A figure that had to go to reach the length is said, not hidden.
  for (const entry of data.not_applied) {
    t.is(entry.part, 'keep decisions, owners and figures');
    t.false(content.includes(/"([^"]+)"/.exec(entry.reason)![1]!.slice(0, 30)));
  }
});

test('"Add a checklist at the end" ends the document with a checklist of who does what, from the material', async (t) => {
  const { content, data } = await revise('mind', dispatch, dispatchSummary, 'Add a checklist at the end');
  const sections = content.split(/\n(?=## )/);
  t.regex(sections.at(-1)!, /^## Checklist\n/);
  const items = sections.at(-1)!.split('\n').filter((line) => line.startsWith('- [ ] '));
  t.true(items.length >= 2, content);
  t.true(items.some((item) => /Tom Becker/.test(item) && /Oakwood customers/.test(item)), items.join('\n'));
  t.true(items.some((item) => /van 7/.test(item)), items.join('\n'));
  t.true(content.startsWith(dispatchSummary.split('\n## Checklist')[0]!.slice(0, 200)));
  t.deepEqual(data.applied, ['add_checklist']);
});

test('"Jan de Vries is the one sending van 7, not Maria" corrects the owner everywhere the task appears, and nothing else', async (t) => {
  const { content, data } = await revise('mind', dispatch, dispatchSummary, 'Jan de Vries is the one sending van 7, not Maria. Please fix the owner.');
  t.true(content.includes('Jan de Vries: send van 7 to cover the north route (today)'), content);
  for (const line of content.split('\n').filter((line) => /van 7/.test(line) && /send/.test(line))) t.notRegex(line, /Maria/);
  // Maria's own lines stay hers.
  t.true(content.includes('Maria Lopez will check whether van 3 is ready tomorrow.'));
  t.deepEqual(data.applied, ['correct owner: sending van 7: Jan de Vries, not Maria']);
  t.deepEqual(data.not_applied, []);
});

const roadmap = `# Patient portal roadmap

## Phase 1: Booking

Patients log in and book appointments online.

## Phase 2: Payments

Patients pay invoices online.

## Phase 3: Video consultations

Doctors hold video consultations from the portal.`;

test('"Add the dates to each phase" writes each given date on its phase and says which phase has none', async (t) => {
  const { content, data } = await revise('pilot', { brief: 'A roadmap for the patient portal rebuild' }, roadmap, 'Add the dates to each phase: Phase 2 is August 2025, Phase 3 is Q4 2025.');
  t.true(content.includes('## Phase 2 (August 2025): Payments'), content);
  t.true(content.includes('## Phase 3 (Q4 2025): Video consultations'), content);
  t.deepEqual(data.applied, ['add date: Phase 2 August 2025', 'add date: Phase 3 Q4 2025']);
  t.deepEqual(data.not_applied.map((entry) => entry.part), ['add date: Phase 1']);
});

const q3: Request = {
  brief: 'Q3 status review for the leadership team',
  context: 'Revenue grew 12% to $1.4M in Q3. Churn rose to 3.1% from 2.4%. Acme Corp renewal is due in November and their usage dropped 40% since July. Their champion at Acme left in August. We hired 3 support engineers.',
};
const q3Review = `# Q3 status review

## Highlights

- Revenue grew 12% to $1.4M in Q3! That's a great quarter.
- We hired 3 support engineers, so we're in good shape for the busy season.
- Churn rose to 3.1% from 2.4%, which we don't love.

## Next quarter

We're gonna focus on retention and there's a lot of stuff to do.`;

test('"More formal for the board, and add a section on the risk to the Acme renewal" does both, from the material', async (t) => {
  const { content, data } = await revise('mind', q3, q3Review, 'More formal for the board, and add a section on the risk to the Acme renewal');
  t.notRegex(content, /\b\w+'(?:s|t|re|ll|ve)\b|!|\bgonna\b|\bstuff\b/);
  t.regex(content, /^## Summary for the board\n/m);
  const section = content.split(/\n(?=## )/).find((part) => part.startsWith('## Risk to the Acme renewal'));
  t.truthy(section, content);
  t.regex(section!, /usage dropped 40% since July/);
  t.regex(section!, /champion at Acme left in August/);
  t.true(content.includes('Revenue grew 12% to $1.4M in Q3.'));
  t.deepEqual([...data.applied].sort(), ['add section: the risk to the Acme renewal', 'tone_adjustment']);
});

const triage = 'We sort every ticket into three priority lanes. The red lane is for outages and payment failures, answered within 15 minutes. The amber lane is for bugs that block one user, answered within 4 hours. The green lane is for questions, answered within 2 days.';
const triagePost = `# How we triage support tickets

We sort every ticket into three priority lanes. The red lane is for outages and payment failures, answered within 15 minutes. The amber lane is for bugs that block one user, answered within 4 hours. The green lane is for questions, answered within 2 days.

## What changed

Since we started the lanes, first response time fell from 9 hours to 3 hours. The team spends less time deciding what to pick up next and more time answering. Customers notice the difference, and the support inbox feels calmer on Mondays.`;

test('"add an example of the priority lanes" adds the example the context gives, and says why when it gives none', async (t) => {
  const example = 'For example, a customer who cannot log in goes to the amber lane, while a checkout outage for everyone goes to the red lane.';
  const withExample = await revise('writer', { brief: 'Write a blog post about how we triage support tickets', context: `${triage} ${example} Commit 3f2a1c9 fixed 2 bugs in the export.` }, triagePost, 'add an example of the priority lanes');
  t.true(withExample.content.includes(`**Example:** ${example}`), withExample.content);
  t.false(withExample.content.includes('3f2a1c9'));
  t.deepEqual(withExample.data.applied, ['add_examples']);
  const without = await revise('writer', { brief: 'Write a blog post about how we triage support tickets', context: `${triage} Commit 3f2a1c9 fixed 2 bugs in the export.` }, triagePost, 'add an example of the priority lanes');
  t.is(without.content, triagePost);
  t.deepEqual(without.data.applied, []);
  t.regex(without.data.not_applied.find((entry) => entry.part === 'add_examples')!.reason, /no example of the priority lanes/);
});

test('"Shorter, add a checklist" does both: a shorter body that keeps the result figure, and a checklist', async (t) => {
  const { content, data } = await revise('writer', { brief: 'Write a blog post about how we triage support tickets', context: triage }, triagePost, 'Shorter, add a checklist');
  const [body, checklist] = content.split('\n## Checklist\n');
  t.true(documentWordCount(body!) <= documentWordCount(triagePost) * 0.8, body);
  t.true(body!.includes('first response time fell from 9 hours to 3 hours'), body);
  t.true((checklist ?? '').split('\n').filter((line) => line.startsWith('- [ ] ')).length >= 2, content);
  t.deepEqual([...data.applied].sort(), ['add_checklist', 'length']);
});

test('"warmer, for patients" speaks to the reader and contracts', async (t) => {
  const notice = '# Clinic hours\n\nPatients can book appointments online. Patients will receive a reminder the day before. It is important that patients arrive 10 minutes early.';
  const { content, data } = await revise('writer', { brief: 'A notice about clinic hours' }, notice, 'Make it warmer, it is for patients');
  t.regex(content, /\bYou can book appointments online\b/);
  t.regex(content, /\b\w+'(?:s|ll|re)\b/);
  t.deepEqual(data.applied, ['tone_adjustment']);
});

test("a revision keeps the deliverable's data and writes its corrections into it: the phases get their dates", async (t) => {
  const request: Request = { brief: 'A roadmap for the patient portal rebuild', context: 'Phase 1 is the login and appointment booking. Phase 2 adds online payments and invoices. Phase 3 adds video consultations.' };
  const original = await finalContent(provider, 'pilot', request);
  const result = await provider.step(stageInput('pilot', 0, request, [], { feedback: 'Add the dates to each phase: Phase 2 is August 2025, Phase 3 is Q4 2025.', requirements: {}, previousContent: original }), [], [], new AbortController().signal);
  if (result.kind !== 'final') return t.fail();
  const deliverable = result.output.data?.deliverable as { kind: string; data: { phases: Array<{ name: string; dates: string | null }> } };
  t.is(deliverable.kind, 'roadmap');
  t.is(deliverable.data.phases.find((phase) => phase.name === 'Phase 2')?.dates, 'August 2025');
  t.is(deliverable.data.phases.find((phase) => phase.name === 'Phase 3')?.dates, 'Q4 2025');
  t.is(result.output.data?.draft_kind, 'grounded');
});

test('"make the title punchier and put the time zones bit last? also it should end with a question for readers": the move is made, the question ends the post, and the title it cannot make punchier is reported with its reason', async (t) => {
  const brief = 'Write a short blog post about why our team moved standups to async updates. We are spread over 4 time zones. Written updates take 5 minutes instead of a 30-minute call. Blockers still get a quick call the same day.';
  const post = '# Why our team moved standups to async updates\n\nWe are spread over 4 time zones.\n\n## What changed\n\nWritten updates take 5 minutes instead of a 30-minute call.\n\n## How to start\n\nBlockers still get a quick call the same day.\n';
  const { content, data } = await revise('writer', { brief }, post, 'can you make the title punchier and put the time zones bit last? also it should end with a question for readers');
  // The time zones line is the last paragraph, and a question to the reader ends it (it was "order: a question for readers last", not applied).
  t.true(content.trimEnd().endsWith('We are spread over 4 time zones. What has your experience with written updates been?'), content);
  t.true(content.includes('Blockers still get a quick call the same day.'));
  t.deepEqual(data.applied, ['order: time zones last', 'end with a question: What has your experience with written updates been?']);
  // The title says its news with no opener, aside or weak verb to cut (revise/headline.ts): it stays, and the report says so.
  t.deepEqual(data.not_applied.map((entry) => entry.part), ['punchier title']);
  t.regex(data.not_applied[0]!.reason, /give the one you want/);
});

test('"move the pricing section to the top" and "lead with the unlimited projects bit": a section or a paragraph moves first', async (t) => {
  const brief = 'Write a short blog post about our new plans';
  const post = '# Our new plans\n\nWe simplified everything.\n\n## Features\n\nEvery plan has unlimited projects.\n\n## Pricing\n\nPlans start at 9 euros a month.\n';
  const section = await revise('writer', { brief }, post, 'move the pricing section to the top');
  t.regex(section.content, /^# Our new plans\n\nWe simplified everything\.\n\n## Pricing\n\nPlans start at 9 euros a month\.\n\n## Features/);
  t.deepEqual(section.data.applied, ['order: pricing first']);
  const paragraph = await revise('writer', { brief }, post, 'lead with the unlimited projects bit');
  t.regex(paragraph.content, /^# Our new plans\n\nEvery plan has unlimited projects\.\n\nWe simplified everything\./);
  t.deepEqual(paragraph.data.applied, ['order: unlimited projects first']);
});

test('an email asked to be warmer, to mention a figure and to be signed: the body says it, the sign-off is warmer and carries the name', async (t) => {
  const request: Request = { brief: 'Email our volunteers to thank them for helping at the charity run last Sunday' };
  const previous = await finalContent(provider, 'writer', request);
  const { content, data } = await revise('writer', request, previous, 'Make it warmer and mention that we raised 4,200 euros for the food bank. Sign it from Anna.');
  t.regex(content, /^\*\*Subject:\*\* Thank you for helping at the charity run last Sunday$/m, 'the subject line keeps its words, no opener before it');
  t.regex(content, /^Thank you so much for helping at the charity run last Sunday\. We raised 4,200 euros for the food bank\.$/m, 'the fact is in the body');
  t.regex(content, /\n\nWarm wishes,\n\nAnna\n?$/, 'signed, and nothing after the name');
  t.deepEqual(data.applied, ['add fact: We raised 4,200 euros for the food bank.', 'sign as Anna', 'tone_adjustment']);
  t.deepEqual(data.not_applied, []);
});

test('a meeting summary told "Actually Priya is updating the website, not Tom. And add that ...": the owner is Priya, the fact joins the summary', async (t) => {
  const request: Request = { brief: 'Summarise this: we agreed to move the launch to May 12. Tom will update the website by Friday. Sara is checking the budget with finance. Still open: who presents at the all-hands?' };
  const previous = await finalContent(provider, 'mind', request);
  const { content, data } = await revise('mind', request, previous, 'Actually Priya is updating the website, not Tom. And add that the budget review is on Wednesday.');
  t.regex(content, /^- \[ \] \*\*Priya\*\*: Update the website \(due Friday\)$/m);
  t.regex(content, /## Summary\n\n- Sara is checking the budget with finance\.\n- The budget review is on Wednesday\.\n/);
  t.deepEqual(data.applied, ['correct owner: updating the website: Priya, not Tom', 'add fact: The budget review is on Wednesday.']);
});

test('a short newsletter: "add a line asking people to reply if they can help" adds the ask; "shorter please" never leaves the title alone', async (t) => {
  const request: Request = { brief: 'Newsletter for our members this month: the AGM is on 14 March at 7pm in the clubhouse, membership fees go up to 60 euros in April, and we need volunteers for the spring clean-up on 22 March.' };
  const previous = await finalContent(provider, 'writer', request);
  t.true(previous.includes('Membership fees go up to 60 euros in April.'), 'each statement of the one-line list is its own');
  const asked = await revise('writer', request, previous, 'add a line asking people to reply if they can help');
  t.regex(asked.content, /Please reply if you can help\./);
  t.deepEqual(asked.data.not_applied, []);
  const shorter = await revise('writer', request, previous, 'shorter please');
  t.true(documentWordCount(shorter.content) >= 8, shorter.content);
});

test('a blog post of one-sentence sections: "turn it into a bulleted list" lists them; "remove the part about the database" removes it; no "Size" heading', async (t) => {
  const request: Request = { brief: 'Blog post about how we cut our cloud bill', context: 'We moved batch jobs to spot instances and saved 38%. Idle staging environments now shut down at 7pm. We switched logs to cold storage after 14 days. The total bill went from 42k to 27k a month. Next we want to right-size the database.' };
  const previous = await finalContent(provider, 'writer', request);
  t.regex(previous, /^## Database$/m, 'half of "right-size" is no topic');
  const listed = await revise('writer', request, previous, 'turn it into a bulleted list');
  t.regex(listed.content, /^- Idle staging environments now shut down at 7pm\.\n- We switched logs to cold storage after 14 days\.\n- Next we want to right-size the database\.$/m);
  const removed = await revise('writer', request, previous, 'remove the part about the database');
  t.false(removed.content.includes('database'), removed.content);
  t.deepEqual(removed.data.applied, ['remove: database']);
});

test('release notes: "remove the keyboard shortcuts line", "it\'s v2.4.1, not v2.4.0" and "put the fixes first" each do what they say', async (t) => {
  const request: Request = { brief: 'Release notes for v2.4.0\n- Added: export to PDF\n- Added: keyboard shortcuts for bold/italic\n- Fixed: crash when uploading files over 2GB' };
  const previous = await finalContent(provider, 'pilot', request);
  const removed = await revise('pilot', request, previous, 'remove the keyboard shortcuts line');
  t.false(removed.content.includes('Keyboard shortcuts'), removed.content);
  const version = await revise('pilot', request, previous, "it's v2.4.1, not v2.4.0");
  t.regex(version.content, /^# v2\.4\.1: release notes$/m);
  const fixes = await revise('pilot', request, previous, 'put the fixes first');
  t.regex(fixes.content, /^# v2\.4\.0: release notes\n\n## Fixed\n/);
});

test('an email: "The cost is 14 pounds, not 12" says "14 pounds" once; a line moved first or last stays between the greeting and the sign-off', async (t) => {
  const request: Request = { brief: 'email to parents: school trip to the Science Museum on Friday 9 May, coach leaves 8:30, cost 12 pounds, pay on ParentPay by 1 May' };
  const previous = await finalContent(provider, 'writer', request);
  const cost = await revise('writer', request, previous, 'The cost is 14 pounds, not 12');
  t.regex(cost.content, /^Cost 14 pounds\.$/m);
  const first = await revise('writer', request, previous, 'put the cost first');
  t.regex(first.content, /^\*\*Subject:\*\* .+\n\nDear parents,\n\nCost 12 pounds\.\n/);
  const last = await revise('writer', request, previous, 'put the coach bit last');
  t.regex(last.content, /Coach leaves 8:30\.\n\n\*\*Reply to this email with any question\.\*\*/);
  t.deepEqual([first.data.not_applied, last.data.not_applied], [[], []]);
});
