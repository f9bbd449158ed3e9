import test from 'ava';
import { manualClock } from '../../../runtime/clock.js';
import { createScheduler } from '../../../runtime/scheduler/scheduler.js';
import { createRepositories } from '../../../storage/index.js';
import { migratedStore } from '../../helpers/databases.js';
import { until } from '../../helpers/until.js';

async function setup(t: import('ava').ExecutionContext) {
  const { db, repos } = await migratedStore(t);
  const clock = manualClock('2026-01-01T00:00:00.000Z');
  const errors: unknown[] = [];
  const service = (node: string) => createScheduler({ repo: repos.timers, clock, node, onError: (error) => errors.push(error), retryMs: 1000 });
  return { db, repos, clock, service, errors };
}

test('a timer fires once when due and is then gone', async (t) => {
  const { repos, clock, service } = await setup(t);
  const timers = service('a');
  const fired: unknown[] = [];
  timers.register('webhook.retry', (timer) => void fired.push(timer.payload));
  await timers.schedule('webhook.retry', 'del_1', new Date(clock.now().getTime() + 60_000), { attempt: 2 });
  t.is(await timers.fireDue(), 0, 'not due yet');
  clock.advance(60_000);
  t.is(await timers.fireDue(), 1);
  t.deepEqual(fired, [{ attempt: 2 }]);
  t.is(await timers.fireDue(), 0);
  t.is(await repos.timers.count(), 0);
});

test('scheduling the same kind and key moves the timer; cancel removes it', async (t) => {
  const { clock, service } = await setup(t);
  const timers = service('a');
  const fired: string[] = [];
  timers.register('k', (timer) => void fired.push(timer.key));
  await timers.schedule('k', 'x', clock.now());
  await timers.schedule('k', 'x', new Date(clock.now().getTime() + 10_000));
  t.is(await timers.fireDue(), 0);
  t.true(await timers.cancel('k', 'x'));
  clock.advance(10_000);
  t.is(await timers.fireDue(), 0);
  t.deepEqual(fired, []);
});

test('two nodes never both fire a due timer', async (t) => {
  const { clock, service } = await setup(t);
  const fired: string[] = [];
  const a = service('a');
  const b = service('b');
  a.register('k', () => void fired.push('a'));
  b.register('k', () => void fired.push('b'));
  await a.schedule('k', 'once', clock.now());
  await Promise.all([a.fireDue(), b.fireDue()]);
  t.is(fired.length, 1);
});

test('a handler that throws leaves the timer due again later', async (t) => {
  const { clock, service, errors } = await setup(t);
  const timers = service('a');
  let calls = 0;
  timers.register('k', () => {
    calls += 1;
    if (calls === 1) throw new Error('receiver down');
  });
  await timers.schedule('k', 'retry-me', clock.now());
  t.is(await timers.fireDue(), 0);
  t.is(errors.length, 1);
  t.is(await timers.fireDue(), 0, 'released with a later due time');
  clock.advance(1000);
  t.is(await timers.fireDue(), 1);
  t.is(calls, 2);
});

test('registering a second handler for a kind throws', async (t) => {
  const { service } = await setup(t);
  const timers = service('a');
  timers.register('k', () => undefined);
  t.throws(() => timers.register('k', () => undefined));
});

test('the poller reads the table when a due time this process wrote comes, and otherwise only every idlePollMs', async (t) => {
  const { db, repos, clock } = await setup(t);
  let reads = 0;
  // A read counts once it has returned: counted when it was sent, the first read could still be
  // running when the other writer's row goes in below, and find it (a lost race, seen under load).
  const counted = {
    ...repos.timers,
    listDue: async (...args: Parameters<typeof repos.timers.listDue>) => {
      const rows = await repos.timers.listDue(...args);
      reads += 1;
      return rows;
    },
  };
  let monotonicMs = 0;
  // Every idle tick asks the monotonic clock; counting the asks lets the test wait for ticks, not time.
  let ticks = 0;
  const idleTicks = (n: number) => {
    const from = ticks;
    return until(() => ticks >= from + n, `${n} idle ticks of the poller`);
  };
  const timers = createScheduler({ repo: counted, clock, node: 'a', onError: (error) => t.fail(String(error)), pollMs: 5, idlePollMs: 10_000, monotonic: () => ((ticks += 1), monotonicMs) });
  const fired: string[] = [];
  timers.register('job', (timer) => void fired.push(timer.key));
  timers.start();
  t.teardown(() => timers.stop());
  await until(() => reads === 1, 'the first tick reads the table (rows written before the start)');
  // Another writer's row (not through this repository): found by the idle read, not before.
  const other = createRepositories(db).timers;
  await other.upsert({ kind: 'job', key: 'theirs', due_at: clock.now().toISOString(), payload: null, created_at: clock.now().toISOString() });
  await idleTicks(5);
  t.deepEqual(fired, [], 'no read while nothing this process wrote is due');
  t.is(reads, 1);
  monotonicMs += 10_000;
  await until(() => fired.includes('theirs'), 'the idle read fires the other writer row');
  // This process's own row: read as soon as its due time comes, without waiting for the idle read.
  await timers.schedule('job', 'mine', new Date(clock.now().getTime() + 30_000));
  await idleTicks(5);
  t.false(fired.includes('mine'), 'not due yet');
  clock.advance(30_000);
  await until(() => fired.includes('mine'), 'fired once due');
});
