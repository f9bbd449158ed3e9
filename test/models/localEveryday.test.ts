import test from 'ava';
import { analyseMeeting } from '../../models/local/mind/meeting.js';
import { createLocalProvider } from '../../models/local/index.js';
import type { StageOutput } from '../../models/types.js';
import { finalContent, runCrew, stageInput } from './runCrew.js';

const provider = createLocalProvider();

test('bullet notes give decisions, owners and due dates apart from the task, and their figures reach the summary', async (t) => {
  const context =
    'Pricing review notes, 12 Nov\n- present: Ana, Ben, Chloe Martin\n- churn on the Starter plan is 6.1% a month, Pro is 2.3%\n- decided: Starter goes from $19 to $24 for new customers from 1 January\n- Ben to draft the customer e-mail by Friday\n- Chloe to update the pricing page (due 5 Dec)';
  const outputs = await runCrew(provider, 'mind', { brief: 'Turn my notes into a summary with decisions and to-dos', context });
  const last = outputs.at(-1)!;
  const items = (last.data as { action_items: Array<{ owner: string; task: string; due: string | null }> }).action_items;
  t.deepEqual(items.map((item) => [item.owner, item.task, item.due]), [
    ['Ben', 'Draft the customer e-mail', 'Friday'],
    ['Chloe Martin', 'Update the pricing page', '5 Dec'],
  ]);
  for (const figure of ['6.1%', '2.3%', '$19', '$24', '1 January']) t.true(last.content.includes(figure), figure);
});

test('a due date never glues into the task, and "by" or "due" wins over a date the task mentions', (t) => {
  const findings = analyseMeeting(['Sara will update the runbook for the payments incident on 20 November (due Friday). Tom will call the bank on Monday.']);
  t.deepEqual(findings.actionItems.map((item) => [item.owner, item.task, item.due]), [
    ['Sara', 'update the runbook for the payments incident on 20 November', 'Friday'],
    ['Tom', 'call the bank', 'Monday'],
  ]);
});

test('a chat export names each message by its author, handles included', (t) => {
  const findings = analyseMeeting(['Maria Lopez  10:02 AM\nthe error rate is at 2.4% since 1.8.0\nTom Becker  10:04 AM\nI\'ll roll back 1.8.0 tonight\nsara.kim  10:07 AM\nI will write the incident report by Wednesday']);
  t.deepEqual(findings.participants, ['Maria Lopez', 'Tom Becker', 'Sara Kim']);
  t.deepEqual(findings.actionItems.map((item) => [item.owner, item.task, item.due]), [
    ['Tom Becker', 'roll back 1.8.0', 'tonight'],
    ['Sara Kim', 'write the incident report', 'Wednesday'],
  ]);
});

test('no crew writes an empty section or a message to the operator for a bare brief', async (t) => {
  for (const crew of ['writer', 'mind', 'pilot'] as const) {
    const content = await finalContent(provider, crew, { brief: 'Write about the new on-call rotation for support engineers', requirements: { include_user_stories: true } });
    t.notRegex(content, /^#{2,}[^\n]*\n\n(?:#|$)/m, content);
    t.notRegex(content, /came without context|No decisions were recorded|use a real model/i);
  }
});

async function revise(previousContent: string, feedback: string, requirements: Record<string, unknown> = {}): Promise<StageOutput> {
  const request = { brief: 'Write a blog post about raised garden beds', context: 'Raised beds drain well. They require a sunny spot. We are planting beans and tomatoes. Beans go in after the last frost. Tomatoes need support by June.' };
  const result = await provider.step(stageInput('writer', 3, request, [], { feedback, requirements, previousContent }), [], [], new AbortController().signal);
  if (result.kind !== 'final') throw new Error('expected a final output');
  return result.output;
}

test('revisions apply tone word choice and opening, bullet format and section order, and say what they cannot', async (t) => {
  const doc = '# Raised beds\n\nRaised beds drain well and they require a sunny spot.\n\n## Planting\n\nWe are planting beans and tomatoes. Beans go in after the last frost.\n\n## Support\n\nTomatoes need support by June.';
  const friendly = await revise(doc, 'Make it friendlier', { tone: 'friendly' });
  t.regex(friendly.content, /^Raised beds drain well and they need a sunny spot\./m);
  t.notRegex(friendly.content, /Here's the short version/);
  t.regex(friendly.content, /We're planting/);
  const bullets = await revise(doc, 'Use bullet points please');
  t.regex(bullets.content, /## Planting\n\n- We are planting beans and tomatoes\.\n- Beans go in after the last frost\./);
  const ordered = await revise(doc, 'Move the support section to the top');
  t.true(ordered.content.indexOf('## Support') < ordered.content.indexOf('## Planting'));
  const quote = await revise(doc, 'Add a quote from our head gardener');
  t.is(quote.content, doc);
  t.deepEqual((quote.data as { applied: string[] }).applied, []);
  t.true(((quote.data as { not_applied: unknown[] }).not_applied).length > 0);
});
