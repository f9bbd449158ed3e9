import fs from 'node:fs';
import test from 'ava';
import { assign, emit, setup } from 'xstate';
import { manualClock } from '../../../runtime/clock.js';
import { createActorHost } from '../../../runtime/engine/actorHost.js';
import { createEventBus } from '../../../runtime/events/eventBus.js';
import { randomIds } from '../../../runtime/ids.js';
import { openDb } from '../../../storage/db.js';
import { createRepositories } from '../../../storage/index.js';
import { migrateLatest } from '../../../storage/migrate.js';
import type { NewEvent } from '../../../storage/repositories/events.js';
import { tempDir } from '../../helpers/server.js';

/** A counter that emits one event per tick and rests at 3. */
const counter = setup({
  types: { context: {} as { n: number; seq: number }, events: {} as { type: 'TICK' }, emitted: {} as { type: 'event'; event: string; timestamp: string; sequence: number; data: Record<string, unknown> } },
}).createMachine({
  id: 'counter',
  context: { n: 0, seq: 0 },
  initial: 'counting',
  states: {
    counting: {
      always: { guard: ({ context }) => context.n >= 3, target: 'rest' },
      on: {
        TICK: {
          actions: [assign(({ context }) => ({ n: context.n + 1, seq: context.seq + 1 })), emit(({ context }) => ({ type: 'event' as const, event: 'counter.ticked', timestamp: 'T', sequence: context.seq, data: { n: context.n } }))],
        },
      },
    },
    rest: {},
  },
});

async function world(t: import('ava').ExecutionContext, dir = tempDir()) {
  const db = openDb({ dataDir: dir });
  await migrateLatest(db);
  const repos = createRepositories(db);
  const bus = createEventBus();
  const published: NewEvent[] = [];
  bus.subscribe((events) => published.push(...events));
  const host = createActorHost({ db, actors: repos.actors, eventBus: bus, clock: manualClock(), ids: randomIds, onError: (error) => t.log(String(error)) });
  host.register({ name: 'counter', version: 1, logic: counter, atRest: (s) => s.matches('rest'), workspaceOf: () => 'ws' });
  return { db, repos, host, published, dir };
}

test('every transition is persisted with its events in one flush, published after commit; at rest the actor leaves memory', async (t) => {
  const { db, repos, host, published, dir } = await world(t);
  t.teardown(async () => {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const actor = host.create('counter', undefined);
  await repos.actors.insert([{ id: 'c1', machine: 'counter', version: 1, workspace_id: 'ws', status: 'active', state_value: 'counting', snapshot: null, input: null, created_at: 'T', updated_at: 'T' }]);
  host.start('counter', 'c1', actor, 'T');
  actor.send({ type: 'TICK' });
  actor.send({ type: 'TICK' });
  await host.flushed();
  t.is(published.length, 2);
  const row = (await repos.actors.get('c1'))!;
  t.is(row.state_value, 'counting');
  t.deepEqual((row.snapshot as { context: { n: number } }).context.n, 2);
  t.is((await repos.events.listForOutcome('c1')).length, 2);
  actor.send({ type: 'TICK' });
  await host.flushed();
  t.is((await repos.actors.get('c1'))!.status, 'idle');
  t.is(host.size, 0, 'an actor at rest is dropped from memory');
  const loaded = await host.load('c1');
  t.true(loaded.getSnapshot().matches('rest'));
  await host.stop();
});

test('restoreAll brings back every unfinished actor from its snapshot', async (t) => {
  const dir = tempDir();
  const first = await world(t, dir);
  for (const id of ['a', 'b', 'c']) {
    const actor = first.host.create('counter', undefined);
    await first.repos.actors.insert([{ id, machine: 'counter', version: 1, workspace_id: 'ws', status: 'active', state_value: 'counting', snapshot: null, input: null, created_at: 'T', updated_at: 'T' }]);
    first.host.start('counter', id, actor, 'T');
    actor.send({ type: 'TICK' });
  }
  await first.host.stop();
  await first.db.destroy();

  const second = await world(t, dir);
  t.teardown(async () => {
    await second.db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  t.is(await second.host.restoreAll(), 3);
  const restored = second.host.get('b')!;
  t.is((restored.getSnapshot().context as { n: number }).n, 1);
  t.deepEqual(second.host.list().map((a) => a.id).sort(), ['a', 'b', 'c']);
  restored.send({ type: 'TICK' });
  await second.host.flushed();
  const events = await second.repos.events.listForOutcome('b');
  t.deepEqual(events.map((e) => e.sequence), [1, 2]);
  await second.host.stop();
});

test('one flush writes more rows than SQLite allows in one compound insert (pinned: flushes stalled past 500 events)', async (t) => {
  const { db, repos, host, published, dir } = await world(t);
  t.teardown(async () => {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const ids = Array.from({ length: 300 }, (_, i) => `c${i}`);
  await repos.actors.insert(ids.map((id) => ({ id, machine: 'counter', version: 1, workspace_id: 'ws', status: 'active' as const, state_value: 'counting', snapshot: null, input: null, created_at: 'T', updated_at: 'T' })));
  for (const id of ids) {
    const actor = host.create('counter', undefined);
    host.start('counter', id, actor, 'T');
    actor.send({ type: 'TICK' });
    actor.send({ type: 'TICK' });
  }
  await host.flushed();
  t.is(published.length, 600);
  t.is(host.lastError, null);
  await host.stop();
});
