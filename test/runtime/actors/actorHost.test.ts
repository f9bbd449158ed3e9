import fs from 'node:fs';
import test from 'ava';
import { assign, emit, setup } from 'xstate';
import { manualClock } from '../../../runtime/clock.js';
import { createActorHost } from '../../../runtime/actors/actorHost.js';
import { outcomeRowWriters } from '../../../runtime/outcomes/outcomeRows.js';
import type { RowWriter } from '../../../runtime/actors/rowWriter.js';
import { createEventBus } from '../../../runtime/events/eventBus.js';
import { randomIds } from '../../../runtime/ids.js';
import { openDb } from '../../../storage/db.js';
import { createRepositories } from '../../../storage/index.js';
import { migrateLatest } from '../../../storage/migrate.js';
import type { NewEvent } from '../../../storage/repositories/events.js';
import { migratedStore } from '../../helpers/databases.js';
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
  const host = createActorHost({ db, repos, eventBus: bus, clock: manualClock(), onError: (error) => t.log(String(error)) });
  const machine = host.register({ name: 'counter', version: 1, logic: counter, atRest: (s) => s.matches('rest'), workspaceOf: () => 'ws' });
  return { db, repos, host, machine, published, dir };
}

test('every transition is persisted with its events in one flush, published after commit; at rest the actor leaves memory', async (t) => {
  const { db, repos, host, machine, published, dir } = await world(t);
  t.teardown(async () => {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const actor = machine.create(undefined);
  await repos.actors.insert([{ id: 'c1', machine: 'counter', version: 1, workspace_id: 'ws', status: 'active', state_value: 'counting', snapshot: null, input: null, created_at: 'T', updated_at: 'T' }]);
  machine.start('c1', actor, 'T');
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
  const loaded = await machine.load('c1');
  t.true(loaded.getSnapshot().matches('rest'));
  await host.stop();
});

test('work a commit releases is written by the next transaction, together with what waited meanwhile', async (t) => {
  const { db, repos, host, machine, dir } = await world(t);
  t.teardown(async () => {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const row = (id: string) => ({ id, machine: 'counter', version: 1, workspace_id: 'ws', status: 'active' as const, state_value: 'counting', snapshot: null, input: null, created_at: 'T', updated_at: 'T' });
  await repos.actors.insert([row('c1'), row('c2')]);
  const c1 = machine.create(undefined);
  const c2 = machine.create(undefined);
  machine.start('c1', c1, 'T');
  machine.start('c2', c2, 'T');
  await host.flushed();
  let transactions = 0;
  let midFlush: (() => void) | undefined = () => c2.send({ type: 'TICK' });
  db.on('query', (query: { sql: string }) => {
    if (!/^begin/i.test(query.sql)) return;
    transactions += 1;
    // c2 moves while the first transaction runs: its tick waits for the next one.
    midFlush?.();
    midFlush = undefined;
  });
  c1.send({ type: 'TICK' });
  // c1's caller goes on a few awaits after its tick is committed, as a deploy's caller does.
  await host.flushed().then(async () => {
    for (let hop = 0; hop < 5; hop += 1) await null;
    c1.send({ type: 'TICK' });
  });
  await host.flushed();
  t.deepEqual((await repos.events.listForOutcome('c1')).map((e) => e.data), [{ n: 1 }, { n: 2 }]);
  t.deepEqual((await repos.events.listForOutcome('c2')).map((e) => e.data), [{ n: 1 }]);
  t.is(transactions, 2, "c1's second tick shares the transaction of c2's, written after the first commit");
  await host.stop();
});

test('restoreAll brings back every unfinished actor from its snapshot', async (t) => {
  const dir = tempDir();
  const first = await world(t, dir);
  for (const id of ['a', 'b', 'c']) {
    const actor = first.machine.create(undefined);
    await first.repos.actors.insert([{ id, machine: 'counter', version: 1, workspace_id: 'ws', status: 'active', state_value: 'counting', snapshot: null, input: null, created_at: 'T', updated_at: 'T' }]);
    first.machine.start(id, actor, 'T');
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
  const { db, repos, host, machine, published, dir } = await world(t);
  t.teardown(async () => {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const ids = Array.from({ length: 300 }, (_, i) => `c${i}`);
  await repos.actors.insert(ids.map((id) => ({ id, machine: 'counter', version: 1, workspace_id: 'ws', status: 'active' as const, state_value: 'counting', snapshot: null, input: null, created_at: 'T', updated_at: 'T' })));
  for (const id of ids) {
    const actor = machine.create(undefined);
    machine.start(id, actor, 'T');
    actor.send({ type: 'TICK' });
    actor.send({ type: 'TICK' });
  }
  await host.flushed();
  t.is(published.length, 600);
  t.is(host.health().flushFailures, 0);
  await host.stop();
});

test('a tick whose rows cannot be stored stops only the actor they belong to; the rest of the batch commits and the host goes on', async (t) => {
  const { db, repos } = await migratedStore(t);
  const bus = createEventBus();
  const published: NewEvent[] = [];
  bus.subscribe((events) => published.push(...events));
  const errors: string[] = [];
  const host = createActorHost({ db, repos, eventBus: bus, clock: manualClock(), onError: (_error, message) => errors.push(message) });
  const stopped: string[] = [];
  const machine = host.register({
    name: 'counter',
    version: 1,
    logic: counter,
    atRest: (s) => s.matches('rest'),
    workspaceOf: () => 'ws',
    // Stage outputs are stored by the outcome machine's row writer; this counter borrows it.
    rows: outcomeRowWriters,
    failed: (snapshot, reason, now) => ({ events: [{ id: `evt_failed_${reason.length}`, workspace_id: 'ws', outcome_id: 'poisoned', sequence: 99, kind: 'counter.failed', timestamp: now, data: { reason } }] }),
    onFailed: (id) => stopped.push(id),
  });
  let nested: Record<string, unknown> = {};
  for (let i = 0; i < 20_000; i += 1) nested = { inner: nested };
  const ids = ['healthy1', 'poisoned', 'healthy2'];
  await repos.actors.insert(ids.map((id) => ({ id, machine: 'counter', version: 1, workspace_id: 'ws', status: 'active' as const, state_value: 'counting', snapshot: null, input: null, created_at: 'T', updated_at: 'T' })));
  for (const id of ids) {
    const actor = machine.create(undefined);
    machine.start(id, actor, 'T');
    actor.send({ type: 'TICK' });
  }
  // JSON.stringify of this row throws RangeError: retrying cannot help.
  host.stage('poisoned', { stageOutputs: [{ outcome_id: 'poisoned', step_key: '0', attempt: 1, summary: 's', content: 'c', data: nested, created_at: 'T' }] });
  await host.flushed();

  t.deepEqual(stopped, ['poisoned']);
  t.is(host.get('poisoned'), undefined);
  t.is((await repos.actors.get('poisoned'))!.status, 'error');
  t.truthy(host.get('healthy1'));
  t.deepEqual(published.filter((e) => e.kind === 'counter.ticked').map((e) => e.outcome_id).sort(), ['healthy1', 'healthy2']);
  t.is(published.filter((e) => e.kind === 'counter.failed').length, 1);
  t.deepEqual((await repos.events.listForOutcome('healthy2')).map((e) => e.kind), ['counter.ticked']);
  t.is(host.health().flushFailures, 1);
  t.true(errors.some((message) => message.includes('poisoned')));

  // The host goes on: later ticks of the healthy actors commit.
  host.get('healthy1')!.send({ type: 'TICK' });
  await host.flushed();
  t.is((await repos.events.listForOutcome('healthy1')).length, 2);
  t.not(host.health().lastCommitAt, null);
  t.is(host.health().pendingSince, null);
  await host.stop();
});

test('a tick that fails for a passing reason is written again after a backoff, and health shows the pending work meanwhile', async (t) => {
  const { db, repos } = await migratedStore(t);
  let failuresLeft = 2;
  const upsertMany = repos.actors.upsertMany;
  const flaky = {
    ...repos,
    actors: {
      ...repos.actors,
      async upsertMany(...args: Parameters<typeof upsertMany>) {
        if (failuresLeft > 0) {
          failuresLeft -= 1;
          throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
        }
        return upsertMany(...args);
      },
    },
  };
  const bus = createEventBus();
  const host = createActorHost({ db, repos: flaky, eventBus: bus, clock: manualClock(), onError: () => undefined, retryDelayMs: 5 });
  const machine = host.register({ name: 'counter', version: 1, logic: counter, atRest: (s) => s.matches('rest'), workspaceOf: () => 'ws' });
  await repos.actors.insert([{ id: 'c1', machine: 'counter', version: 1, workspace_id: 'ws', status: 'active', state_value: 'counting', snapshot: null, input: null, created_at: 'T', updated_at: 'T' }]);
  const actor = machine.create(undefined);
  machine.start('c1', actor, 'T');
  actor.send({ type: 'TICK' });
  t.not(host.health().pendingSince, null);
  await host.flushed();
  t.is(failuresLeft, 0);
  t.is(host.health().flushFailures, 2);
  t.deepEqual((await repos.events.listForOutcome('c1')).map((e) => e.kind), ['counter.ticked']);
  t.is(host.get('c1'), actor);
  await host.stop();
});

test('a machine handle sees only its own actors: another machine id is absent to get/snapshot and refused by load', async (t) => {
  const { db, repos, host, machine, dir } = await world(t);
  t.teardown(async () => {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const other = host.register({ name: 'other', version: 1, logic: counter, atRest: () => false, workspaceOf: () => 'ws' });
  await repos.actors.insert([{ id: 'o1', machine: 'other', version: 1, workspace_id: 'ws', status: 'active', state_value: 'counting', snapshot: null, input: null, created_at: 'T', updated_at: 'T' }]);
  other.start('o1', other.create(undefined), 'T');
  await other.send('o1', { type: 'TICK' });
  await host.flushed();
  t.is(other.snapshot('o1')?.context.n, 1);
  t.is(machine.get('o1'), undefined);
  t.is(machine.snapshot('o1'), undefined);
  await t.throwsAsync(() => machine.load('o1'), { message: /is a other, not a counter/ });
  t.deepEqual(other.liveIds(), ['o1']);
  t.deepEqual(machine.liveIds(), []);
  await host.stop();
});

test('each machine brings its row writers: a kind is stored by the writer registered with it, a second writer of a kind is refused, a kind without one is never written silently', async (t) => {
  const { db, repos } = await migratedStore(t);
  const errors: string[] = [];
  const host = createActorHost({ db, repos, eventBus: createEventBus(), clock: manualClock(), onError: (_error, message) => errors.push(message) });
  const written: Array<{ id: string; n: number }> = [];
  const counterRows: RowWriter = {
    kinds: ['outcomeStates'],
    tables: ['outcomes'],
    phase: 'update',
    async write(rows) {
      for (const row of rows.outcomeStates ?? []) written.push({ id: row.id, n: 1 });
    },
  };
  host.register({ name: 'counter', version: 1, logic: counter, atRest: (s) => s.matches('rest'), workspaceOf: () => 'ws', rows: [counterRows] });
  t.throws(() => host.register({ name: 'other', version: 1, logic: counter, atRest: () => false, workspaceOf: () => 'ws', rows: [counterRows] }), { message: /already have a writer \(machine counter\)/ });
  t.throws(() => host.register({ name: 'third', version: 1, logic: counter, atRest: () => false, workspaceOf: () => 'ws', rows: [{ ...counterRows, kinds: ['events'] }] }), { message: /the actor host's own/ });

  await host.commit({ outcomeStates: [{ id: 'out_1' } as never] });
  t.deepEqual(written, [{ id: 'out_1', n: 1 }]);
  await t.throwsAsync(host.commit({ workflowStates: [{ id: 'wf_1' } as never] }), { message: /no row writer is registered for tick rows of kind 'workflowStates'/ });
  await host.stop();
});
