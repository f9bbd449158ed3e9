import fs from 'node:fs';
import test from 'ava';
import { pluginRunActorId } from '../../../runtime/tools/pluginRuns.js';
import { startChatFixture, teamId } from '../../fixtures/chatTeam.js';
import { configure, countOf, waitIdle } from '../../e2e/chatHelpers.js';
import { startServer, tempDir } from '../../helpers/server.js';

test('a chat sync is a durable plugin run on the actor host: its snapshot is a pluginRun actor row keyed by workspace, plugin, runner and team, and the status reads it', async (t) => {
  const fixture = await startChatFixture();
  const dataDir = tempDir();
  t.teardown(async () => {
    await fixture.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const env = { CREWD_DATA_DIR: dataDir, CREWD_CHAT_API_URL: fixture.apiUrl, CREWD_BOOTSTRAP_KEY: 'crew_sk_synchost0123456789abcdef' };
  const first = await startServer(env);
  await configure(first);
  const synced = await first.call('POST', '/api/chat/integrations/chat/sync', { body: { team_id: teamId, initial_sync: true } });
  t.is(synced.status, 200);
  t.regex(synced.body.run_id, /^run_/);
  const status = await waitIdle(first);
  t.like(status, { state: 'idle', running: false, last_error: null });
  const actorId = pluginRunActorId(first.workspaceId, 'chat', 'sync', teamId);
  const row = await first.runtime.repos.actors.get(actorId);
  t.like(row, { machine: 'pluginRun', status: 'idle', state_value: 'idle', workspace_id: first.workspaceId });
  t.like((row!.snapshot as any).context, { pluginId: 'chat', runner: 'sync', key: teamId, runId: synced.body.run_id, input: { initial: true } });
  t.is((row!.snapshot as any).context.lastRun.output.messages_fetched, status.total_messages);
  const channel = status.channels[0].channel_id as string;
  const messages = countOf(status, channel);
  t.true(messages > 0);
  await first.close();

  // After a restart the status still comes from the stored run (the actor is at rest, not in memory).
  const second = await startServer(env);
  t.teardown(() => second.close());
  const again = await waitIdle(second);
  t.like(again, { state: 'idle', last_sync_at: status.last_sync_at, last_sync_started_at: status.last_sync_started_at });
  t.is(countOf(again, channel), messages);
});
