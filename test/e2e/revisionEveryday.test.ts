import test, { type ExecutionContext } from 'ava';
import { createLocalProvider } from '../../models/local/index.js';
import { documentWordCount } from '../../quality/markdown.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { schemaCheck, waitForOutcome } from './outcomesHelpers.js';

// Everyday revisions through the API: the revision record says what was applied, and the content shows it.
let server: TestServer;
let check: Awaited<ReturnType<typeof schemaCheck>>;

test.before(async () => {
  server = await startServer({}, { modelProvider: createLocalProvider() });
  check = await schemaCheck(server);
});
test.after.always(async () => {
  await server?.close();
});

const dispatch = {
  brief: 'Summarize this morning dispatch chat',
  context: `[6:32 AM] Maria Lopez: morning all, van 3 is still in the shop, brakes
[6:40 AM] Tom Becker: ok so we're down to 6 vans for the north route today
Jan de Vries  6:45 AM
I'll send van 7 to cover the north route, it's back from service
[6:50 AM] Maria Lopez: thanks Jan. we decided to push the Oakwood deliveries to Thursday
[6:52 AM] Tom Becker: I will call the Oakwood customers by 10am to tell them`,
};

async function revised(t: ExecutionContext, outcomeId: string, feedback: string) {
  const revise = await server.call('POST', `/v1/outcomes/${outcomeId}/revise`, { body: { feedback } });
  t.is(revise.status, 201, JSON.stringify(revise.body));
  const outcome = await waitForOutcome(server, outcomeId, (body) => body.status === 'completed' && body.revision_id === revise.body.revision_id);
  const list = await server.call('GET', `/v1/outcomes/${outcomeId}/revisions`);
  check(t, 'GET', '/v1/outcomes/{outcome_id}/revisions', list);
  return { revise: revise.body, outcome, record: list.body.revisions.find((entry: { revision_id: string }) => entry.revision_id === revise.body.revision_id) };
}

test('"Shorter, add a checklist" through the API: both requested, both shown in the content, both in applied', async (t) => {
  const deployed = await server.call('POST', '/v1/crews/mind/deploy', { body: dispatch });
  const done = await waitForOutcome(server, deployed.body.outcome_id);
  const { revise, outcome, record } = await revised(t, deployed.body.outcome_id, 'Shorter, add a checklist');
  t.deepEqual(revise.changes_requested, ['shorten', 'add_checklist']);
  const content: string = outcome.result.content;
  const [body, checklist] = content.split('\n## Checklist\n');
  t.true(documentWordCount(body!) <= documentWordCount(done.result.content) * 0.85, content);
  const items = (checklist ?? '').split('\n').filter((line) => line.startsWith('- [ ] '));
  t.true(items.length >= 2, content);
  t.true(items.some((item) => /Tom Becker/.test(item) && /Oakwood/.test(item)), items.join('\n'));
  t.true(record.applied.includes('add_checklist'), JSON.stringify(record));
  t.true(record.applied.includes('length'), JSON.stringify(record));
});

test('an owner correction through the API: no line about the task names the wrong person afterwards', async (t) => {
  const deployed = await server.call('POST', '/v1/crews/mind/deploy', { body: dispatch });
  await waitForOutcome(server, deployed.body.outcome_id);
  const { revise, outcome, record } = await revised(t, deployed.body.outcome_id, 'Jan de Vries is the one sending van 7, not Maria. Please fix the owner.');
  t.deepEqual(revise.changes_requested, ['correct_facts']);
  const lines = (outcome.result.content as string).split('\n').filter((line) => /van 7/.test(line) && /send/i.test(line));
  t.true(lines.length > 0, outcome.result.content);
  for (const line of lines) t.notRegex(line, /Maria/);
  t.true(lines.some((line) => line.includes('Jan de Vries')), lines.join('\n'));
  t.is(record.applied.length + record.not_applied.length, 1, JSON.stringify(record));
});
