import fs from 'node:fs';
import test from 'ava';
import { pluginRunActorId } from '../../../runtime/tools/pluginRuns.js';
import { startChatFixture, teamId } from '../../fixtures/chatTeam.js';
import { configure, countOf, waitIdle } from '../../e2e/chatHelpers.js';
import { startServer, tempDir } from '../../helpers/server.js';

test('a chat sync is a durable plugin run on the actor host: its snapshot is a pluginRun actor row keyed by workspace, plugin, runner and team, and the status reads it; syncs an earlier version left in flight are taken over as plugin runs', async (t) => {
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
  const again = await waitIdle(second);
  t.like(again, { state: 'idle', last_sync_at: status.last_sync_at, last_sync_started_at: status.last_sync_started_at });
  t.is(countOf(again, channel), messages);
  await second.close();

  // An earlier version kept a run in flight elsewhere: as a `chatSync` actor row, or (before that)
  // as a snapshot on the integration row. Simulate one of each, cut by a crash.
  const legacySnapshot = (runId: string) => ({ status: 'active', value: 'syncing', historyValue: {}, children: {}, context: { workspaceId: first.workspaceId, teamId, runId, initial: false, lastRun: null, lastError: null } });
  const offline = await startServer(env, { runActors: false, bootstrap: false });
  const now = new Date().toISOString();
  await offline.runtime.actorHost.commit({
    actors: [{ id: 'csync_legacy', machine: 'chatSync', version: 1, workspace_id: first.workspaceId, status: 'active', state_value: 'syncing', snapshot: JSON.stringify(legacySnapshot('csr_legacyactor0001')), input: null, created_at: now, updated_at: now }],
  });
  await offline.close();
  const third = await startServer(env);
  const adopted = await waitIdle(third);
  t.like(adopted, { state: 'idle', last_error: null });
  t.is(countOf(adopted, channel), messages, 'nothing stored twice');
  t.is(await third.runtime.repos.actors.get('csync_legacy'), undefined, 'the chatSync row is gone');
  t.like(((await third.runtime.repos.actors.get(actorId))!.snapshot as any).context, { runId: 'csr_legacyactor0001', input: { initial: false } }, 'taken over as a plugin run with its run id');
  await third.close();

  const offline2 = await startServer(env, { runActors: false, bootstrap: false });
  await offline2.runtime.db('chat_integrations').where({ workspace_id: offline2.workspaceId, team_id: teamId }).update({ sync_state: 'syncing', sync_snapshot: JSON.stringify(legacySnapshot('csr_legacyrow000001')), updated_at: new Date().toISOString() });
  await offline2.close();
  const fourth = await startServer(env);
  t.teardown(() => fourth.close());
  t.like(await waitIdle(fourth), { state: 'idle' });
  t.like(((await fourth.runtime.repos.actors.get(actorId))!.snapshot as any).context, { runId: 'csr_legacyrow000001' });
  t.is((await fourth.runtime.db('chat_integrations').where({ workspace_id: fourth.workspaceId, team_id: teamId }).first()).sync_snapshot, null);
});
