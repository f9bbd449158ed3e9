import test from 'ava';
import { createOpenAIProvider } from '../../models/openai.js';
import { completion, failure, startChatServer } from './chatServer.js';
import { stageInput, type Request } from './runCrew.js';
import { revisionReport } from '../../models/revisionReport.js';

// The openai model's revisions report what they did (issue 26, item 7): `applied` and
// `not_applied` are read from the revised content the Chat Completions server sends back, never
// left null and never taken on the model's word.
const dispatch: Request = { brief: 'Summarize this morning dispatch chat', context: 'Jan de Vries: I will send van 7 to cover the north route.\nTom Becker: I will call the Oakwood customers by 10am.' };
const previous = `# Dispatch chat

## Summary

- Van 3 is still in the shop, so the north route is down to 6 vans today.
- The Oakwood deliveries move to Thursday.
- On-time rate last week was 91%, and the target is 95%.

## Action items

- Maria Lopez: send van 7 to cover the north route
- Tom Becker: call the Oakwood customers by 10am`;

async function revised(content: string, feedback: string) {
  // The revision's own answer is Markdown; the rubric and deliverable calls fail, as a plain endpoint's may.
  const server = await startChatServer((_index, body) => (body.response_format ? failure(400, 'response_format is not supported') : completion({ content })));
  const provider = createOpenAIProvider({ baseURL: server.baseURL, model: 'test-model' });
  try {
    const result = await provider.step(stageInput('mind', 0, dispatch, [], { feedback, requirements: {}, previousContent: previous }), [], [], new AbortController().signal);
    if (result.kind !== 'final') throw new Error('expected a final output');
    return result.output.data as { applied: string[]; not_applied: Array<{ part: string; reason: string }> };
  } finally {
    await server.close();
  }
}

test('a revision that fixed the owner and added a checklist reports both applied', async (t) => {
  const content = previous.replace('Maria Lopez: send van 7', 'Jan de Vries: send van 7') + '\n\n## Checklist\n\n- [ ] Jan de Vries: send van 7 to cover the north route\n- [ ] Tom Becker: call the Oakwood customers by 10am';
  const data = await revised(content, 'Jan de Vries is the one sending van 7, not Maria. Please fix the owner, and add a checklist at the end');
  t.deepEqual([...data.applied].sort(), ['add_checklist', 'correct owner: sending van 7: Jan de Vries, not Maria']);
  t.deepEqual(data.not_applied, []);
});

test('a revision that did not do what was asked lists each missing change with the reason', async (t) => {
  // The model answered with the document nearly as it was: no shorter, still Maria, no checklist.
  const content = `${previous}\n\nThanks everyone!`;
  const data = await revised(content, 'Cut it in half. Jan de Vries is the one sending van 7, not Maria. Add a checklist.');
  t.deepEqual(data.applied, []);
  const reasons = new Map(data.not_applied.map((entry) => [entry.part, entry.reason]));
  t.regex(reasons.get('length') ?? '', /words of \d+; at most \d+ were asked for/);
  t.regex(reasons.get('correct owner: sending van 7: Jan de Vries, not Maria') ?? '', /does not say Jan de Vries|still says Maria/);
  t.regex(reasons.get('add_checklist') ?? '', /no new checklist/);
});

test('tone: "more formal for the board" is applied only when no contraction or exclamation is left', async (t) => {
  const formal = await revised(previous.replace('Van 3 is still', 'Van 3 remains'), 'More formal for the board');
  t.deepEqual(formal.applied, ['tone_adjustment']);
  const casual = await revised(`${previous}\n\nWe're on it!`, 'More formal for the board');
  t.deepEqual(casual.applied, []);
  t.regex(casual.not_applied[0]!.reason, /still has 2 contractions or exclamations/);
});

test('feedback that names no known change is applied when the document changed, and not when it came back as it was', async (t) => {
  const changed = await revised(previous.replace('# Dispatch chat', '# Dispatch chat, Monday'), 'Make it pop');
  t.deepEqual(changed.applied, ['general_feedback']);
  const same = await revised(previous, 'Make it pop');
  t.deepEqual(same.not_applied, [{ part: 'general_feedback', reason: 'the document came back unchanged' }]);
});

test('an added ticket or a move is reported as what was done ("add_ticket", "reorder"), not as general feedback', (t) => {
  const tickets = '# Tickets\n\n## 1. Login fails\n\nLogin fails.';
  const revised = `${tickets}\n\n## 2. Export to CSV\n\nExport to CSV.`;
  t.deepEqual(revisionReport('add a ticket: export to CSV', {}, tickets, revised), { applied: ['add_ticket'], not_applied: [] });
  t.deepEqual(revisionReport('move the login ticket last', {}, tickets, tickets).not_applied.map((entry) => entry.part), ['reorder']);
});
