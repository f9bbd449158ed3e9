import fs from 'node:fs';
import test from 'ava';
import { manualClock } from '../../../runtime/clock.js';
import { dailySyncCron, isDue, lastSlot, nextSlot } from '../../../plugins/chat/syncSchedule.js';
import { startChatFixture, teamId } from '../../fixtures/chatTeam.js';
import { startServer, tempDir } from '../../helpers/server.js';
import { configure, waitIdle } from '../../e2e/chatHelpers.js';

test('the daily slot is 02:00 UTC: the last one at or before now, the next one strictly after', (t) => {
  t.is(dailySyncCron, '0 2 * * *');
  t.is(lastSlot(new Date('2026-11-22T01:59:59Z')).toISOString(), '2026-11-21T02:00:00.000Z');
  t.is(lastSlot(new Date('2026-11-22T02:00:00Z')).toISOString(), '2026-11-22T02:00:00.000Z');
  t.is(nextSlot(new Date('2026-11-22T02:00:00Z')).toISOString(), '2026-11-23T02:00:00.000Z');
  t.is(nextSlot(new Date('2026-12-31T23:00:00Z')).toISOString(), '2027-01-01T02:00:00.000Z');
  t.false(isDue(null, '2026-11-22T01:00:00.000Z', new Date('2026-11-22T01:59:00Z')), 'configured after the last slot');
  t.true(isDue(null, '2026-11-22T01:00:00.000Z', new Date('2026-11-22T02:00:00Z')));
  t.false(isDue('2026-11-22T02:00:00.000Z', '2026-11-20T01:00:00.000Z', new Date('2026-11-22T09:00:00Z')), 'already run');
  t.true(isDue('2026-11-20T02:00:00.000Z', '2026-11-19T01:00:00.000Z', new Date('2026-11-22T09:00:00Z')), 'a missed night runs on start');
});

test('the scheduled sync is the chat plugin job daily_sync on the contract: it runs each configured team once at 02:00 UTC on a fake clock, incrementally', async (t) => {
  const clock = manualClock('2026-11-22T01:58:00.000Z');
  const nowSeconds = Math.floor(clock.now().getTime() / 1000);
  const fixture = await startChatFixture(nowSeconds);
  const server = await startServer({ CREWD_CHAT_API_URL: fixture.apiUrl }, { clock });
  t.teardown(async () => {
    await server.close();
    await fixture.close();
  });
  const jobs = server.runtime.tools.pluginJobs;
  t.true(jobs.list().some((job) => job.key === 'chat:daily_sync' && job.schedule === '0 2 * * *'), 'declared through manifest.jobs');
  // The job's timer row on the durable timers: due at the next 02:00 UTC.
  t.is((await server.runtime.repos.timers.get('plugin_job', 'chat:daily_sync'))?.due_at, '2026-11-22T02:00:00.000Z');
  const syncs = () => fixture.calls.filter((c) => c.method === 'conversations.history').length;
  const configured = await configure(server, { channels: ['C0ENG'] });
  t.is(configured.next_sync_at, '2026-11-22T02:00:00.000Z');
  clock.set('2026-11-22T01:59:59.999Z');
  await jobs.runNow('chat:daily_sync');
  t.is((await waitIdle(server)).last_sync_at, null, 'not due before 02:00');
  t.is(syncs(), 0);
  clock.set('2026-11-22T02:00:00.000Z');
  await jobs.runNow('chat:daily_sync');
  const status = await waitIdle(server);
  t.is(status.last_sync_at, '2026-11-22T02:00:00.000Z');
  t.is(status.channels[0].message_count, 5);
  t.is(status.next_sync_at, '2026-11-23T02:00:00.000Z');
  const afterFirst = syncs();
  clock.set('2026-11-22T14:00:00.000Z');
  await jobs.runNow('chat:daily_sync');
  await waitIdle(server);
  t.is(syncs(), afterFirst, 'one run per slot');
  clock.set('2026-11-23T02:00:30.000Z');
  await jobs.runNow('chat:daily_sync');
  await waitIdle(server);
  const history = fixture.calls.filter((c) => c.method === 'conversations.history').slice(afterFirst);
  t.true(history.length > 0);
  t.true(history.every((c) => Number(c.params.oldest) === nowSeconds - 86_400), 'the scheduled run reads only what is newer than the checkpoint (the newest message, a day old)');
  t.is((await server.call('GET', `/api/chat/integrations/chat/status?team_id=${teamId}`)).body.last_sync_at, '2026-11-23T02:00:30.000Z');
});

test('a night missed while the service was down is synced when it starts again (the job runs at start)', async (t) => {
  const clock = manualClock('2026-11-22T01:00:00.000Z');
  const fixture = await startChatFixture(Math.floor(clock.now().getTime() / 1000));
  const dataDir = tempDir();
  t.teardown(async () => {
    await fixture.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const env = { CREWD_DATA_DIR: dataDir, CREWD_CHAT_API_URL: fixture.apiUrl, CREWD_BOOTSTRAP_KEY: 'crew_sk_missednight0123456789ab' };
  const first = await startServer(env, { clock });
  await configure(first, { channels: ['C0ENG'] });
  await first.close();
  // Down over the 02:00 UTC slot; back the next morning.
  clock.set('2026-11-22T09:00:00.000Z');
  const second = await startServer(env, { clock });
  t.teardown(() => second.close());
  const status = await waitIdle(second);
  t.is(status.last_sync_at, '2026-11-22T09:00:00.000Z', 'the missed slot ran at start');
  t.is(status.channels[0].message_count, 5);
});
