import { manualClock } from '../../runtime/clock.js';
import { createScheduler } from '../../runtime/scheduler/scheduler.js';
import { createRepositories } from '../../storage/index.js';
import { newDelivery } from '../../runtime/webhooks/newDelivery.js';
import { randomIds } from '../../runtime/ids.js';
import { migratedPostgres, postgresTest } from '../helpers/postgres.js';

async function setup(t: import('ava').ExecutionContext) {
  const db = await migratedPostgres(t);
  return { db, repos: createRepositories(db) };
}

postgresTest('on Postgres, four schedulers polling at once fire each of 200 due timers exactly once', async (t) => {
  const { repos } = await setup(t);
  const clock = manualClock('2026-01-01T00:00:00.000Z');
  const fired = new Map<string, string[]>();
  const schedulers = ['a', 'b', 'c', 'd'].map((node) => {
    const scheduler = createScheduler({ repo: repos.timers, clock, node, onError: (error) => t.fail(String(error)), skipLocked: true, batchSize: 25 });
    scheduler.register('webhook.retry', (timer) => {
      fired.set(timer.key, [...(fired.get(timer.key) ?? []), node]);
    });
    return scheduler;
  });
  for (let i = 0; i < 200; i++) await schedulers[0]!.schedule('webhook.retry', `del_${i}`, clock.now(), { i });
  await schedulers[0]!.schedule('chat.sync', 'unhandled', clock.now()); // no handler on these nodes: never claimed
  // Every node polls until nothing is left, all at once.
  await Promise.all(schedulers.map(async (scheduler) => {
    while ((await scheduler.fireDue()) > 0) {
      // keep polling
    }
  }));
  t.is(fired.size, 200);
  t.true([...fired.values()].every((nodes) => nodes.length === 1), 'each timer fired by exactly one node');
  t.true(new Set([...fired.values()].flat()).size > 1, 'the due rows were split between nodes');
  t.is(await repos.timers.count(), 1);
  t.is((await repos.timers.get('chat.sync', 'unhandled'))?.claimed_by, null);
});

postgresTest('on Postgres, two recoveries claiming the same stranded deliveries each take a row at most once', async (t) => {
  const { repos } = await setup(t);
  const now = '2026-01-01T00:00:00.000Z';
  const rows = Array.from({ length: 50 }, (_, i) => newDelivery(randomIds, { webhookId: 'wh_1', workspaceId: 'ws_1', eventId: `evt_${i}`, kind: 'outcome.completed', body: '{}', test: false, now }));
  await repos.webhookDeliveries.insertMany(rows);
  const [first, second] = await Promise.all([repos.webhookDeliveries.claimScheduled(rows, '2026-01-01T00:01:00.000Z'), repos.webhookDeliveries.claimScheduled(rows, '2026-01-01T00:01:00.001Z')]);
  t.is(first.length + second.length, 50);
  t.is(new Set([...first, ...second]).size, 50);
  // A row whose updated_at moved since it was read is not taken.
  t.deepEqual(await repos.webhookDeliveries.claimScheduled(rows.slice(0, 1), '2026-01-01T00:02:00.000Z'), []);
});
