import fs from 'node:fs';
import test from 'ava';
import { manyMessages, startChatFixture, teamId, tokens } from '../fixtures/chatTeam.js';
import { slackTs, type FixtureChannel } from '../fixtures/slackServer.js';
import { serveProcess, stopProcess } from '../helpers/processes.js';
import { tempDir } from '../helpers/server.js';
import { until } from '../helpers/until.js';

test('a sync cut off by kill -9 resumes where it stopped after a restart instead of starting over', async (t) => {
  const now = Math.floor(Date.now() / 1000);
  const fixture = await startChatFixture(now);
  const team = fixture.teams[0]!;
  // Three channels of 1,000 messages (the default cap): a page of 999, then one of the rest.
  const big = (id: string, name: string): FixtureChannel => ({ id, name, members: ['U1', team.botUserId], messages: manyMessages(now, 1000, `${name} note`) });
  team.channels = [big('C0AAA', 'alpha'), big('C0BBB', 'beta'), big('C0CCC', 'gamma')];
  const dataDir = tempDir();
  const key = 'crew_sk_chatcrash0123456789abcdef';
  const env = { CREWD_DATA_DIR: dataDir, CREWD_BOOTSTRAP_KEY: key, CREWD_CHAT_API_URL: fixture.apiUrl };
  let server = await serveProcess(env);
  t.teardown(async () => {
    await stopProcess(server.child, 'SIGKILL');
    await fixture.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(server.url + path, { method, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}) });
    return { status: response.status, body: (await response.json()) as any };
  };
  t.is((await call('POST', '/api/chat/integrations/chat/configure', { access_token: tokens.good, team_id: teamId, configuration: { channels: ['C0AAA', 'C0BBB', 'C0CCC'] } })).status, 200);

  // Let three pages through (alpha's two, beta's first), hold the fourth, and kill the server once
  // beta's first page is stored (the next page is read while one is written, so the fourth call
  // can arrive before the third page is in).
  let held = false;
  const hold = fixture.hold('conversations.history', () => (held = true), 3);
  t.is((await call('POST', '/api/chat/integrations/chat/sync', { team_id: teamId, initial_sync: true })).status, 200);
  await until(() => held, 'the fourth history call held', { everyMs: 10 });
  const betaStored = async () => (await call('GET', `/api/chat/integrations/chat/status?team_id=${teamId}`)).body.channels.find((c: any) => c.channel_id === 'C0BBB')?.message_count;
  await until(async () => (await betaStored()) === 999, "beta's first page stored", { everyMs: 10 });
  await stopProcess(server.child, 'SIGKILL');
  hold.release();
  const callsBefore = fixture.calls.length;

  server = await serveProcess(env);
  const status = await until(async () => {
    const body = (await call('GET', `/api/chat/integrations/chat/status?team_id=${teamId}`)).body;
    return body.running ? undefined : body;
  }, 'the resumed sync finished');
  t.is(status.state, 'idle');
  t.deepEqual(
    status.channels.map((c: any) => [c.channel_id, c.message_count]),
    [
      ['C0AAA', 1000],
      ['C0BBB', 1000],
      ['C0CCC', 1000],
    ],
  );
  const history = fixture.calls.slice(callsBefore).filter((c) => c.method === 'conversations.history');
  t.false(history.some((c) => c.params.channel === 'C0AAA'), 'the finished channel is not read again');
  const beta = history.filter((c) => c.params.channel === 'C0BBB');
  t.is(beta.length, 1, 'beta resumes after its stored page');
  t.is(beta[0]!.params.latest, slackTs(now - 60 - 999 * 60), 'below the oldest message already stored');
  t.is(history.filter((c) => c.params.channel === 'C0CCC').length, 2);
});
