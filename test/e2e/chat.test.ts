import test from 'ava';
import { slackTs } from '../fixtures/slackServer.js';
import { day, manyMessages, startChatFixture, teamId, tokens } from '../fixtures/chatTeam.js';
import { startServer } from '../helpers/server.js';
import { schemaCheck, workspaceWithKey } from './outcomesHelpers.js';
import { configure, countOf, syncAndWait, waitIdle } from './chatHelpers.js';
import { until } from '../helpers/until.js';

async function setup(t: import('ava').ExecutionContext) {
  const fixture = await startChatFixture();
  const server = await startServer({ CREWD_CHAT_API_URL: fixture.apiUrl });
  t.teardown(async () => {
    await server.close();
    await fixture.close();
  });
  return { fixture, server, check: await schemaCheck(server) };
}

test('configure refuses an out-of-range or mistyped setting with 400 naming the field', async (t) => {
  const { server } = await setup(t);
  const send = (configuration: Record<string, unknown>) => server.call('POST', '/api/chat/integrations/chat/configure', { body: { access_token: tokens.good, team_id: teamId, configuration } });
  for (const [configuration, field] of [
    [{ maxMessagesPerChannel: 499 }, 'configuration.maxMessagesPerChannel'],
    [{ maxMessagesPerChannel: 5001 }, 'configuration.maxMessagesPerChannel'],
    [{ dataRetentionDays: 29 }, 'configuration.dataRetentionDays'],
    [{ dataRetentionDays: 366 }, 'configuration.dataRetentionDays'],
    [{ includeThreads: 'yes' }, 'configuration.includeThreads'],
    [{ syncFrequency: 'hourly' }, 'configuration.syncFrequency'],
    [{ maxMessagesPerChannel: '1000' }, 'configuration.maxMessagesPerChannel'],
  ] as const) {
    const response = await send(configuration);
    t.is(response.status, 400, JSON.stringify(configuration));
    t.is(response.body.error.details.field, field);
  }
  const ok = await send({});
  t.is(ok.status, 200);
  t.like(ok.body.configuration, { maxMessagesPerChannel: 1000, dataRetentionDays: 90, syncFrequency: 'daily' });
});

test('an initial sync stores the readable channels with threads and file text, without bot, join noise, the private channel the bot is not in, or anything past retention', async (t) => {
  const { server, check } = await setup(t);
  const channels = await server.call('POST', '/api/chat/integrations/chat/channels', { body: { access_token: tokens.good, team_id: teamId } });
  check(t, 'POST', '/api/chat/integrations/chat/channels', channels);
  t.deepEqual(channels.body.channels.map((c: any) => c.id).sort(), ['C0ENG', 'C0GEN', 'C0OLD', 'G0LEADS']);
  const configured = await configure(server, { includeFiles: true });
  t.is(configured.status, 'configured');
  const status = await syncAndWait(server, true);
  check(t, 'GET', '/api/chat/integrations/chat/status', { status: 200, body: status });
  t.is(status.state, 'idle');
  t.is(status.last_error, null);
  t.truthy(status.last_sync_at);
  // eng: fact, thread parent + reply, mention, file message = 5 (join, bot and 200-day-old dropped)
  t.is(countOf(status, 'C0ENG'), 5);
  t.is(countOf(status, 'C0GEN'), 1, 'the public channel is joined and read');
  t.is(countOf(status, 'G0LEADS'), 1);
  t.is(countOf(status, 'G0SECRET'), 0);
  t.is(countOf(status, 'C0OLD'), 0, 'archived channels are excluded by default');
  const kb = server.runtime.knowledge;
  const [hit] = await kb.search(server.workspaceId, 'When is the Postgres failover drill?', 3);
  t.like(hit, { source: '#eng' });
  t.regex(hit!.text, /Thursday at 14:00 UTC/);
  t.regex(hit!.date!, /^\d{4}-\d\d-\d\dT/);
  t.regex((await kb.search(server.workspaceId, 'retry budget attempts', 1))[0]!.text, /three attempts/);
  t.regex((await kb.search(server.workspaceId, 'payments flow QA', 1))[0]!.text, /signs off/);
  t.deepEqual(await kb.search(server.workspaceId, 'Bluebird acquisition', 3), []);
  t.deepEqual(await kb.search(server.workspaceId, 'mainframe retired', 3), []);
  t.deepEqual(await kb.search(server.workspaceId, 'Build passed', 3), []);
});

test('an incremental sync fetches only what is newer than the checkpoint and catches a new reply to an older thread', async (t) => {
  const { server, fixture } = await setup(t);
  await configure(server, { channels: ['C0ENG'] });
  await syncAndWait(server, true);
  const eng = fixture.teams[0]!.channels[0]!;
  const now = Math.floor(Date.now() / 1000);
  eng.messages.push({ ts: slackTs(now - 10), user: 'U1', text: 'Incident review moved to Monday' });
  eng.messages.find((m) => m.text === 'Release plan for v2')!.replies!.push({ ts: slackTs(now - 5), user: 'U2', text: 'QA signed off; v2 ships Wednesday' });
  const historyCallsBefore = fixture.calls.filter((c) => c.method === 'conversations.history').length;
  const status = await syncAndWait(server, false);
  t.is(countOf(status, 'C0ENG'), 7);
  const history = fixture.calls.filter((c) => c.method === 'conversations.history').slice(historyCallsBefore);
  t.true(history.length >= 1);
  t.true(history.every((call) => Number(call.params.oldest) >= now - 10 * day), 'incremental history starts at the checkpoint');
  const kb = server.runtime.knowledge;
  t.regex((await kb.search(server.workspaceId, 'Incident review Monday', 1))[0]!.text, /Monday/);
  t.regex((await kb.search(server.workspaceId, 'v2 ships Wednesday', 1))[0]!.text, /Wednesday/);
  // A third run with nothing new stores nothing twice.
  t.is(countOf(await syncAndWait(server, false), 'C0ENG'), 7);
});

test('per-channel cap keeps the newest messages, the mentions filter keeps only mentions, and retention removes what aged out', async (t) => {
  const { server, fixture } = await setup(t);
  const now = Math.floor(Date.now() / 1000);
  const general = fixture.teams[0]!.channels[1]!;
  general.messages = manyMessages(now, 700, 'general note');
  await configure(server, { channels: ['C0GEN'], maxMessagesPerChannel: 500 });
  let status = await syncAndWait(server, true);
  t.is(countOf(status, 'C0GEN'), 500);
  const kept = await server.runtime.repos.knowledgeBase.recentMessages(server.workspaceId, teamId, 'C0GEN', 1000);
  t.is(kept.at(-1)!.text, 'general note 200', 'the oldest 200 were dropped');

  await configure(server, { channels: ['C0ENG'], filterMentionsOnly: true });
  await server.call('DELETE', `/api/chat/integrations/chat/disconnect?team_id=${teamId}`);
  await configure(server, { channels: ['C0ENG'], filterMentionsOnly: true });
  status = await syncAndWait(server, true);
  t.is(countOf(status, 'C0ENG'), 1);
  t.is(status.total_messages, 1);

  // Retention: a message that is 40 days old goes with a 30-day retention.
  await server.call('DELETE', `/api/chat/integrations/chat/disconnect?team_id=${teamId}`);
  const eng = fixture.teams[0]!.channels[0]!;
  eng.messages.push({ ts: slackTs(now - 40 * day, 1), user: 'U1', text: 'forty days old note' });
  eng.messages.sort((a, b) => Number(a.ts) - Number(b.ts));
  await configure(server, { channels: ['C0ENG'] });
  status = await syncAndWait(server, true);
  t.is(countOf(status, 'C0ENG'), 6);
  await configure(server, { channels: ['C0ENG'], dataRetentionDays: 30 });
  status = await syncAndWait(server, false);
  t.is(countOf(status, 'C0ENG'), 5);
});

test('the workspace cap keeps the newest 50,000 messages', async (t) => {
  const { server } = await setup(t);
  const kb = server.runtime.repos.knowledgeBase;
  // Through the knowledge service, as the chat plugin stores them (context.knowledge.conversations).
  const conversations = server.runtime.knowledge.forWorkspace(server.workspaceId).conversations!;
  const base = 1_763_000_000;
  const rows = Array.from({ length: 50_010 }, (_, i) => ({ source_id: teamId, channel_id: `C${i % 20}`, channel_name: 'x', ts: `${base + i}.000000`, thread_ts: null, author: null, text: `m ${i}`, posted_at: new Date((base + i) * 1000).toISOString() }));
  await conversations.store(rows);
  t.is(await conversations.enforceLimits(teamId), 0, 'no retention cutoff given: nothing deleted by retention');
  t.is(await kb.countMessages(server.workspaceId), 50_000);
  t.is((await kb.recentMessages(server.workspaceId, teamId, 'C0', 1_000_000)).at(-1)!.text, 'm 20', 'the 10 oldest went');
});

test('disconnect deletes the token, stops syncs and purges the synced messages', async (t) => {
  const { server, check, fixture } = await setup(t);
  await configure(server);
  await syncAndWait(server, true);
  const disconnected = await server.call('DELETE', `/api/chat/integrations/chat/disconnect?team_id=${teamId}`);
  check(t, 'DELETE', '/api/chat/integrations/chat/disconnect', disconnected);
  t.is(disconnected.status, 200);
  t.is(disconnected.body.messages_deleted, 7);
  t.is(await server.runtime.repos.knowledgeBase.countMessages(server.workspaceId), 0);
  t.is((await server.call('GET', `/api/chat/integrations/chat/status?team_id=${teamId}`)).status, 404);
  t.is((await server.call('POST', '/api/chat/integrations/chat/sync', { body: { team_id: teamId, initial_sync: false } })).status, 404);
  t.is(await server.runtime.db('chat_integrations').where({ workspace_id: server.workspaceId, team_id: teamId }).first(), undefined);
  const callsBefore = fixture.calls.length;
  t.deepEqual(await server.runtime.tools.pluginJobs.runNow('chat:daily_sync'), { workspaces: 1, failed: 0 });
  t.is(fixture.calls.length, callsBefore, 'no scheduled sync is left');
});

test('chat errors: invalid or expired token 401, missing scope or a channel without the bot 403', async (t) => {
  const { server } = await setup(t);
  const channels = (token: string) => server.call('POST', '/api/chat/integrations/chat/channels', { body: { access_token: token, team_id: teamId } });
  const invalid = await channels(tokens.invalid);
  t.is(invalid.status, 401);
  t.is(invalid.body.error.details.reason, 'chat_token_invalid');
  const expired = await channels(tokens.expired);
  t.is(expired.status, 401);
  t.is(expired.body.error.details.reason, 'chat_token_expired');
  const noScope = await channels(tokens.noScope);
  t.is(noScope.status, 403);
  t.is(noScope.body.error.details.reason, 'chat_missing_scope');
  const privateChannel = await server.call('POST', '/api/chat/integrations/chat/configure', { body: { access_token: tokens.good, team_id: teamId, configuration: { channels: ['G0SECRET'] } } });
  t.is(privateChannel.status, 403);
  t.is(privateChannel.body.error.details.channel, 'G0SECRET');
  const wrongTeam = await server.call('POST', '/api/chat/integrations/chat/configure', { body: { access_token: tokens.other, team_id: teamId, configuration: {} } });
  t.is(wrongTeam.status, 400);
  t.is(wrongTeam.body.error.details.field, 'team_id');
  const noKey = await server.call('GET', `/api/chat/integrations/chat/status?team_id=${teamId}`, { key: null });
  t.is(noKey.status, 401);
  const legacyHistory = await server.call('GET', `/api/chat/messages?token=${tokens.good}&channel=G0SECRET&limit=5`);
  t.is(legacyHistory.status, 403);
});

test('a 429 with Retry-After is waited out inside a sync, while a legacy call answers 429 to its caller', async (t) => {
  const { server, fixture } = await setup(t);
  await configure(server, { channels: ['C0ENG'] });
  fixture.rateLimit('conversations.history', 1, 1);
  const status = await syncAndWait(server, true);
  t.is(status.last_error, null);
  t.is(countOf(status, 'C0ENG'), 5);
  fixture.rateLimit('conversations.history', 1, 7);
  const legacy = await server.call('GET', `/api/chat/messages?token=${tokens.good}&channel=C0ENG&limit=5`);
  t.is(legacy.status, 429);
  t.is(legacy.headers.get('retry-after'), '7');
});

test('a sync whose token expired ends in error, keeps what was stored, and the sync endpoint answers 401', async (t) => {
  const { server, fixture } = await setup(t);
  await configure(server, { channels: ['C0ENG'] });
  await syncAndWait(server, true);
  fixture.tokens[tokens.good]!.state = 'expired';
  const response = await server.call('POST', '/api/chat/integrations/chat/sync', { body: { team_id: teamId, initial_sync: false } });
  t.is(response.status, 401);
  fixture.tokens[tokens.good]!.state = 'ok';
  // Expire it after the start check: the run itself fails.
  let reached = false;
  const holder = fixture.hold('conversations.info', () => {
    fixture.tokens[tokens.good]!.state = 'expired';
    reached = true;
  });
  const started = await server.call('POST', '/api/chat/integrations/chat/sync', { body: { team_id: teamId, initial_sync: false } });
  t.is(started.status, 200);
  await until(() => reached, 'the sync reached conversations.info', { everyMs: 10 });
  holder.release();
  const status = await waitIdle(server);
  t.is(status.state, 'error');
  t.is(status.last_error.code, 'token_expired');
  t.is(countOf(status, 'C0ENG'), 5, 'nothing already synced is lost');
});

test('one workspace never sees another workspace’s chat integration or messages', async (t) => {
  const { server } = await setup(t);
  await configure(server);
  await syncAndWait(server, true);
  const other = await workspaceWithKey(server, 'other');
  t.is((await server.call('GET', `/api/chat/integrations/chat/status?team_id=${teamId}`, { key: other.key })).status, 404);
  t.is((await server.call('DELETE', `/api/chat/integrations/chat/disconnect?team_id=${teamId}`, { key: other.key })).status, 404);
  t.deepEqual(await server.runtime.knowledge.search(other.workspace.id, 'Postgres failover drill', 5), []);
  t.is((await server.runtime.knowledge.search(server.workspaceId, 'Postgres failover drill', 5)).length, 1);
});

test('legacy post, messages and ingest work with a token', async (t) => {
  const { server, fixture, check } = await setup(t);
  const posted = await server.call('POST', '/api/chat/post', { body: { token: tokens.good, channel: '#eng', text: 'Deploy finished' } });
  check(t, 'POST', '/api/chat/post', posted);
  t.is(posted.status, 200);
  t.is(posted.body.channel, 'C0ENG');
  t.regex(posted.body.permalink, /archives\/C0ENG\/p/);
  t.is(fixture.teams[0]!.channels[0]!.messages.at(-1)!.text, 'Deploy finished');
  const messages = await server.call('GET', `/api/chat/messages?token=${tokens.good}&channel=C0ENG&limit=3`);
  check(t, 'GET', '/api/chat/messages', messages);
  t.is(messages.body.messages.length, 3);
  t.is(messages.body.messages[0].text, 'Deploy finished');
  const ingested = await server.call('POST', '/api/chat/ingest', { body: { token: tokens.good, channel: 'C0GEN', limit: 10 } });
  check(t, 'POST', '/api/chat/ingest', ingested);
  t.is(ingested.body.ingested, 1);
  t.regex((await server.runtime.knowledge.search(server.workspaceId, 'offsite Friday', 1))[0]!.text, /Office closed/);
});
