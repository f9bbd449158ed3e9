import { startChatFixture, teamId, tokens } from '../fixtures/chatTeam.js';
import { postgresTest } from '../helpers/postgres.js';
import { syncRunner } from '../../plugins/chat/runsOf.js';
import { pluginRunActorId } from '../../runtime/tools/pluginRuns.js';
import { startCluster } from './cluster.js';
import { call, key, owners } from './leasesCluster.js';
import { until } from '../helpers/until.js';

postgresTest('a chat sync requested through a process that does not hold the team\'s sync actor is answered by the process running it', async (t) => {
  const fixture = await startChatFixture();
  t.teardown(() => fixture.close());
  const c = await startCluster(0, { CREWD_BOOTSTRAP_KEY: key, CREWD_CHAT_API_URL: fixture.apiUrl });
  t.teardown(() => c.close());
  const a = await c.start();
  const b = await c.start();
  const configured = await call(a.url, 'POST', '/api/chat/integrations/chat/configure', { access_token: tokens.good, team_id: teamId, configuration: {} });
  t.is(configured.status, 200, JSON.stringify(configured.body));
  // The sync on A stays in flight until released: its history calls are held.
  const held = fixture.hold('conversations.history');
  const first = await call(a.url, 'POST', '/api/chat/integrations/chat/sync', { team_id: teamId, initial_sync: true });
  t.is(first.status, 200, JSON.stringify(first.body));
  t.is(first.body.status, 'started');
  const workspaceId = (await c.db('workspaces').where({ name: 'default' }).first()).id as string;
  const actorId = pluginRunActorId(workspaceId, 'chat', syncRunner, teamId);
  // A holds the running sync (its row stored as active, leased to A).
  await until(async () => (await owners(c.db, [actorId]))[0]?.status === 'active', 'A holds the sync');
  const ownerA = (await owners(c.db, [actorId]))[0]!.owner;

  const second = await call(b.url, 'POST', '/api/chat/integrations/chat/sync', { team_id: teamId, initial_sync: true });
  t.is(second.status, 200, JSON.stringify(second.body));
  t.is(second.body.status, 'already_running', 'A answered: its run is in flight');
  t.is(second.body.run_id, first.body.run_id);
  t.is((await owners(c.db, [actorId]))[0]!.owner, ownerA, 'B did not take the sync over');
  const commands = await c.db('actor_commands').where({ actor_id: actorId });
  t.is(commands.length, 1);
  t.is(commands[0].status, 'done');

  held.release();
  // The one run finishes; B reads its end.
  await until(async () => {
    const status = await call(b.url, 'GET', `/api/chat/integrations/chat/status?team_id=${teamId}`);
    return status.status === 200 && !status.body.running;
  }, 'the sync finished, read through B');
});
