import test from 'ava';
import { startChatFixture } from '../fixtures/chatTeam.js';
import { startServer } from '../helpers/server.js';
import { waitForOutcome, workspaceWithKey } from './outcomesHelpers.js';
import { configure, syncAndWait } from './chatHelpers.js';

test('a writer outcome uses and cites a fact from a synced chat message, and another workspace’s outcome does not see it', async (t) => {
  const fixture = await startChatFixture();
  const server = await startServer({ CREWD_CHAT_API_URL: fixture.apiUrl });
  t.teardown(async () => {
    await server.close();
    await fixture.close();
  });
  await configure(server, { channels: ['C0ENG'] });
  await syncAndWait(server, true);
  const brief = 'Write an internal update about the Postgres failover drill for the engineering team';
  const deployed = await server.call('POST', '/v1/crews/writer/deploy', { body: { brief } });
  t.is(deployed.status, 201, JSON.stringify(deployed.body));
  const outcome = await waitForOutcome(server, deployed.body.outcome_id);
  t.is(outcome.status, 'completed');
  const content: string = outcome.result.content;
  t.regex(content, /14:00 UTC/, 'the fact from #eng is in the content');
  t.regex(content, /#eng/, 'and cited by channel');

  const other = await workspaceWithKey(server, 'other');
  const foreign = await server.call('POST', '/v1/crews/writer/deploy', { body: { brief }, key: other.key });
  t.is(foreign.status, 201);
  const foreignOutcome = await waitForOutcome(server, foreign.body.outcome_id, undefined, other.key);
  t.notRegex(foreignOutcome.result.content, /14:00 UTC/);
});
