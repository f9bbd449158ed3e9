import test, { type ExecutionContext } from 'ava';
import { startChatFixture, tokens } from '../fixtures/chatTeam.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { waitForOutcome } from './outcomesHelpers.js';
import { configure, syncAndWait } from './chatHelpers.js';

const brief = 'Write an internal update about the Postgres failover drill for the engineering team';

/**
 * A writer outcome first, while the workspace knows nothing; then `write` stores the #eng
 * messages by one path; then the same brief again, whose draft must carry the synced fact.
 */
async function knowledgeReachesWriter(t: ExecutionContext, write: (server: TestServer) => Promise<void>): Promise<void> {
  const fixture = await startChatFixture();
  const server = await startServer({ CREWD_CHAT_API_URL: fixture.apiUrl });
  t.teardown(async () => {
    await server.close();
    await fixture.close();
  });
  const draft = async () => {
    const deployed = await server.call('POST', '/v1/crews/writer/deploy', { body: { brief } });
    t.is(deployed.status, 201);
    return (await waitForOutcome(server, deployed.body.outcome_id)).result.content as string;
  };
  t.notRegex(await draft(), /14:00 UTC/, 'nothing is known yet');
  await write(server);
  t.regex(await draft(), /14:00 UTC/, 'the synced fact reaches the writer');
}

// Issue 20: knowledge written by the legacy ingest (no chat integration configured, so no chat search
// tool for the research agent) reaches the writer's later stages, also after an earlier outcome
// found the workspace empty. Before the fix the passages reached only the first stage.
test('a writer outcome after the legacy ingest writes with the ingested messages, also after an earlier outcome found the workspace empty', (t) =>
  knowledgeReachesWriter(t, async (server) => {
    const ingested = await server.call('POST', '/api/chat/ingest', { body: { token: tokens.good, channel: 'C0ENG', limit: 100 } });
    t.is(ingested.status, 200, JSON.stringify(ingested.body));
  }));

// The same through a sync: the "known empty" shortcut of the knowledge base never outlives a write.
test('a writer outcome after a sync reads the synced messages even when an earlier outcome found the workspace empty', (t) =>
  knowledgeReachesWriter(t, async (server) => {
    await configure(server, { channels: ['C0ENG'] });
    await syncAndWait(server, true);
  }));
