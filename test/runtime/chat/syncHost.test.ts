import fs from 'node:fs';
import test from 'ava';
import { createActor } from 'xstate';
import { chatSyncMachine } from '../../../machines/chatSync.js';
import { chatSyncActorId } from '../../../runtime/chat/syncHost.js';
import { startChatFixture, teamId } from '../../fixtures/chatTeam.js';
import { configure, countOf, waitIdle } from '../../e2e/chatHelpers.js';
import { startServer, tempDir } from '../../helpers/server.js';

test('a chat sync runs on the actor host: its snapshot is an actor row, its state the integration row; a run stored the old way (snapshot on the integration row) is taken over at start and finishes', async (t) => {
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
  const status = await waitIdle(first);
  t.is(status.state, 'idle');
  const actorId = chatSyncActorId(first.workspaceId, teamId);
  const row = await first.runtime.repos.actors.get(actorId);
  t.like(row, { machine: 'chatSync', status: 'idle', state_value: 'idle' });
  const channel = status.channels[0].channel_id as string;
  const messages = countOf(status, channel);
  t.true(messages > 0);

  // An earlier version kept a run in flight on the integration row: simulate one cut by a crash.
  const legacy = createActor(chatSyncMachine, { input: { workspaceId: first.workspaceId, teamId } });
  legacy.start();
  legacy.send({ type: 'SYNC', runId: 'csr_legacyrun000001', initial: false });
  const persisted = legacy.getPersistedSnapshot();
  legacy.stop();
  await first.close();
  const offline = await startServer(env, { runActors: false, bootstrap: false });
  await offline.runtime.repos.actors.remove(actorId);
  await offline.runtime.repos.chatIntegrations.update(offline.workspaceId, teamId, { sync_state: 'syncing', sync_snapshot: persisted as unknown as Record<string, unknown>, updated_at: new Date().toISOString() });
  await offline.close();

  const second = await startServer(env);
  t.teardown(() => second.close());
  const resumed = await waitIdle(second);
  t.is(resumed.state, 'idle');
  t.is(countOf(resumed, channel), messages);
  t.like(await second.runtime.repos.actors.get(actorId), { machine: 'chatSync', status: 'idle' });
  t.is((await second.runtime.repos.chatIntegrations.get(second.workspaceId, teamId))!.sync_snapshot, null);
});
