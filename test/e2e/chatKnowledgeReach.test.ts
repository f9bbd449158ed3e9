import test from 'ava';
import { startChatFixture, tokens } from '../fixtures/chatTeam.js';
import { startServer } from '../helpers/server.js';
import { waitForOutcome } from './outcomesHelpers.js';
import { configure, syncAndWait } from './chatHelpers.js';

// Issue 20: knowledge written by the legacy ingest (no chat integration configured, so no chat search
// tool for the research agent) reaches the writer's later stages, also after an earlier outcome
// found the workspace empty. Before the fix the passages reached only the first stage.
test('a writer outcome after the legacy ingest writes with the ingested messages, also after an earlier outcome found the workspace empty', async (t) => {
  const fixture = await startChatFixture();
  const server = await startServer({ CREWD_CHAT_API_URL: fixture.apiUrl });
  t.teardown(async () => {
    await server.close();
    await fixture.close();
  });
  const brief = 'Write an internal update about the Postgres failover drill for the engineering team';
  const before = await server.call('POST', '/v1/crews/writer/deploy', { body: { brief } });
  t.is(before.status, 201);
  const first = await waitForOutcome(server, before.body.outcome_id);
  t.notRegex(first.result.content, /14:00 UTC/, 'nothing is known yet');

  const ingested = await server.call('POST', '/api/chat/ingest', { body: { token: tokens.good, channel: 'C0ENG', limit: 100 } });
  t.is(ingested.status, 200, JSON.stringify(ingested.body));
  const after = await server.call('POST', '/v1/crews/writer/deploy', { body: { brief } });
  t.is(after.status, 201);
  const outcome = await waitForOutcome(server, after.body.outcome_id);
  t.regex(outcome.result.content, /14:00 UTC/, 'the synced fact reaches the writer');
});

// The same through a sync: the "known empty" shortcut of the knowledge base never outlives a write.
test('a writer outcome after a sync reads the synced messages even when an earlier outcome found the workspace empty', async (t) => {
  const fixture = await startChatFixture();
  const server = await startServer({ CREWD_CHAT_API_URL: fixture.apiUrl });
  t.teardown(async () => {
    await server.close();
    await fixture.close();
  });
  const brief = 'Write an internal update about the Postgres failover drill for the engineering team';
  const before = await server.call('POST', '/v1/crews/writer/deploy', { body: { brief } });
  t.is(before.status, 201);
  const first = await waitForOutcome(server, before.body.outcome_id);
  t.notRegex(first.result.content, /14:00 UTC/, 'nothing is known yet');

  await configure(server, { channels: ['C0ENG'] });
  await syncAndWait(server, true);
  const after = await server.call('POST', '/v1/crews/writer/deploy', { body: { brief } });
  t.is(after.status, 201);
  const outcome = await waitForOutcome(server, after.body.outcome_id);
  t.regex(outcome.result.content, /14:00 UTC/, 'the synced fact reaches the writer');
});
