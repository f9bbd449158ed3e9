import test from 'ava';
import { manualClock } from '../../../runtime/clock.js';
import { dailySyncCron, isDue, lastSlot, nextSlot } from '../../../runtime/chat/syncSchedule.js';
import { startChatFixture, teamId } from '../../fixtures/chatTeam.js';
import { startServer } from '../../helpers/server.js';
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

test('the scheduled sync runs each configured team once at 02:00 UTC on a fake clock, incrementally', async (t) => {
  const clock = manualClock('2026-11-22T01:58:00.000Z');
  const nowSeconds = Math.floor(clock.now().getTime() / 1000);
  const fixture = await startChatFixture(nowSeconds);
  const server = await startServer({ CREWD_CHAT_API_URL: fixture.apiUrl }, { clock });
  t.teardown(async () => {
    await server.close();
    await fixture.close();
  });
  const schedule = server.runtime.chat.schedule;
  await configure(server, { channels: ['C0ENG'] });
  t.is(schedule.nextRunAt(), '2026-11-22T02:00:00.000Z');
  clock.set('2026-11-22T01:59:59.999Z');
  t.is(await schedule.tick(), 0, 'not due before 02:00');
  clock.set('2026-11-22T02:00:00.000Z');
  t.is(await schedule.tick(), 1);
  const status = await waitIdle(server);
  t.is(status.last_sync_at, '2026-11-22T02:00:00.000Z');
  t.is(status.channels[0].message_count, 5);
  t.is(status.next_sync_at, '2026-11-23T02:00:00.000Z');
  clock.set('2026-11-22T14:00:00.000Z');
  t.is(await schedule.tick(), 0, 'one run per slot');
  const historyBefore = fixture.calls.filter((c) => c.method === 'conversations.history').length;
  clock.set('2026-11-23T02:00:30.000Z');
  t.is(await schedule.tick(), 1);
  await waitIdle(server);
  const history = fixture.calls.filter((c) => c.method === 'conversations.history').slice(historyBefore);
  t.true(history.length > 0);
  t.true(history.every((c) => Number(c.params.oldest) === nowSeconds - 86_400), 'the scheduled run reads only what is newer than the checkpoint (the newest message, a day old)');
  t.is((await server.call('GET', `/api/chat/integrations/chat/status?team_id=${teamId}`)).body.last_sync_at, '2026-11-23T02:00:30.000Z');
});
