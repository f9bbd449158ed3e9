import test from 'ava';
import { analyseMeeting, splitDue } from '../../models/local/mind/meeting.js';
import { createLocalProvider } from '../../models/local/index.js';
import { runCrew } from './runCrew.js';

const transcript = `Weekly product sync. Attendees: Alice, Bob, Carol, Dave
Alice: The Q3 launch is at risk because the payment provider integration is delayed.
Bob: We decided to go with Stripe instead of building our own billing.
Alice: I will send the revised launch plan by Friday.
TODO: Bob to fix login by 2026-12-01
Action: Carol — update docs (due Monday)
Carol: Dave, can you review the onboarding emails before Thursday?
Dave: Sure. We agreed that the beta stays invite-only until the end of the month.
Bob: Customer churn went down after the new onboarding flow shipped, which is great news.
Alice: Another concern is that support tickets doubled last week, so this is urgent: Erin will hire two support agents by next Tuesday.
Action items:
- Frank: prepare the pricing page copy (end of month)
- Schedule the retro`;

test('action items carry owner, task and due date as said in the meeting', (t) => {
  const { actionItems } = analyseMeeting([transcript]);
  const brief = actionItems.map(({ owner, task, due }) => ({ owner, task, due }));
  t.deepEqual(brief, [
    { owner: 'Alice', task: 'send the revised launch plan', due: 'Friday' },
    { owner: 'Bob', task: 'fix login', due: '2026-12-01' },
    { owner: 'Carol', task: 'update docs', due: 'Monday' },
    { owner: 'Dave', task: 'review the onboarding emails', due: 'Thursday' },
    { owner: 'Erin', task: 'hire two support agents', due: 'next Tuesday' },
    { owner: 'Frank', task: 'prepare the pricing page copy', due: 'end of month' },
    { owner: 'Unassigned', task: 'schedule the retro', due: null },
  ]);
  t.is(actionItems.find((item) => item.owner === 'Erin')?.priority, 'high');
});

test('decisions and risks are found, questions and undecided points are not decisions', (t) => {
  const findings = analyseMeeting([transcript, 'Have we decided on the launch date? We have not decided on pricing yet.']);
  t.deepEqual(findings.decisions, [
    'We decided to go with Stripe instead of building our own billing.',
    'We agreed that the beta stays invite-only until the end of the month.',
  ]);
  t.true(findings.risks.some((risk) => risk.startsWith('The Q3 launch is at risk')));
  t.deepEqual(findings.participants.slice(0, 4), ['Alice', 'Bob', 'Carol', 'Dave']);
});

test('due dates come in many spellings', (t) => {
  t.deepEqual(splitDue('ship the release notes by end of the week'), { task: 'ship the release notes', due: 'end of the week' });
  t.deepEqual(splitDue('send the invoice by Dec 3rd, 2026'), { task: 'send the invoice', due: 'Dec 3rd, 2026' });
  t.deepEqual(splitDue('book the venue (Friday)'), { task: 'book the venue', due: 'Friday' });
  t.deepEqual(splitDue('write the memo due: tomorrow'), { task: 'write the memo', due: 'tomorrow' });
  t.deepEqual(splitDue('call the vendor'), { task: 'call the vendor', due: null });
});

test('the mind crew ends with summary, decisions and action items in document and data', async (t) => {
  const outputs = await runCrew(createLocalProvider(), 'mind', { brief: 'Summarize our weekly product sync and extract action items', context: transcript });
  const final = outputs.at(-1)!;
  t.regex(final.content, /^# Meeting summary: Product Sync/);
  for (const heading of ['## Summary', '## Decisions', '## Action items', '## Risks and open questions']) t.true(final.content.includes(heading), heading);
  t.true(final.content.includes('- [ ] **Alice**: Send the revised launch plan (due Friday)'));
  const data = final.data as { action_items: Array<{ owner: string; task: string; due: string | null }>; decisions: string[]; summary: string[] };
  t.is(data.action_items.length, 7);
  t.is(data.decisions.length, 2);
  t.true(data.summary.length >= 3);
  // Extractive: every summary line is a statement from the transcript.
  for (const line of data.summary) t.true(transcript.includes(line.replace(/^\w+: /, '')), line);
});

test('mind stages build the document up stage by stage', async (t) => {
  const outputs = await runCrew(createLocalProvider(), 'mind', { brief: 'Summarize the sync', context: transcript });
  t.false(outputs[0]!.content.includes('## Summary'));
  t.true(outputs[1]!.content.includes('## Follow-up by owner'));
  t.true(outputs[2]!.content.includes('## Summary'));
  t.true(outputs[3]!.content.includes('## Action items'));
});

test('a brief that only points at the notes ("summarise this") takes the notes\' own heading as the subject, never "This"', async (t) => {
  const notes = 'Standup 12 May\nMaria: the backlog is 1,240 tickets, up 15% since April.\nDecision: we pause the weekend shift until June.';
  const headed = (await runCrew(createLocalProvider(), 'mind', { brief: 'Summarise this for the ops team', context: notes })).at(-1)!;
  // Notes headed as a standup are titled as one, by their date.
  t.regex(headed.content, /^# Standup, 12 May/);
  const unheaded = (await runCrew(createLocalProvider(), 'mind', { brief: 'Can you summarize the notes below?', context: 'Maria: the backlog is 1,240 tickets, up 15% since April.\nDecision: we pause the weekend shift until June.' })).at(-1)!;
  t.notRegex(unheaded.content.split('\n')[0]!, /\bThis\b|Below/i);
});
