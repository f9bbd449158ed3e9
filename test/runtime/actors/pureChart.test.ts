import test from 'ava';
import { assign, createActor, emit, setup, waitFor } from 'xstate';
import { webhookDeliveryMachine, type AttemptInput, type AttemptOutput, type WebhookDeliveryInput } from '../../../machines/webhookDelivery.js';
import { createActorHost } from '../../../runtime/actors/actorHost.js';
import { createPureChart, executeActions } from '../../../runtime/actors/pureChart.js';
import { manualClock } from '../../../runtime/clock.js';
import { createEventBus } from '../../../runtime/events/eventBus.js';
import { migratedStore } from '../../helpers/databases.js';

const at = '2026-11-26T10:00:00.000Z';
const input: WebhookDeliveryInput = { deliveryId: 'del_1', webhookId: 'wh_1', schedule: [0, 60_000], jitter: 0, attempt: 0, scheduledAt: at };
const failedAnswer: AttemptOutput = { ok: false, status: 503, responseTimeMs: 4, at, jitterSample: 0 };

test('pure steps reach the snapshots a live actor reaches, and return their actions unrun', async (t) => {
  const made: AttemptInput[] = [];
  const logic = webhookDeliveryMachine.provide({ actions: { attempt: (_, params) => void made.push(params) } });
  const chart = createPureChart(logic);

  const first = chart.initial(input);
  t.is(first.snapshot.value, 'attempting');
  t.deepEqual(made, [], 'the step did not run its action');
  t.deepEqual(first.actions.map((action) => [action.type, action.params]), [['attempt', { deliveryId: 'del_1', webhookId: 'wh_1', attempt: 1 }]]);
  executeActions(first.actions);
  t.deepEqual(made, [{ deliveryId: 'del_1', webhookId: 'wh_1', attempt: 1 }], 'executed with the provided implementation');
  const waiting = chart.next(first.snapshot, { type: 'ATTEMPTED', attempt: 1, output: failedAnswer }).snapshot;

  // The same chart as a live actor, answered the same way.
  const live = createActor(
    webhookDeliveryMachine.provide({ actions: { attempt: ({ self }, params) => void Promise.resolve().then(() => self.send({ type: 'ATTEMPTED', attempt: params.attempt, output: failedAnswer })) } }),
    { input },
  ).start();
  const liveWaiting = await waitFor(live, (snapshot) => snapshot.matches('waiting'));
  t.deepEqual(logic.getPersistedSnapshot(waiting), live.getPersistedSnapshot());
  t.deepEqual(waiting.context, liveWaiting.context);
});

test('a step from a snapshot restored from its JSON continues like the live chart', (t) => {
  const logic = webhookDeliveryMachine.provide({ actions: { attempt: () => {} } });
  const chart = createPureChart(logic);
  const waiting = chart.next(chart.initial(input).snapshot, { type: 'ATTEMPTED', attempt: 1, output: failedAnswer }).snapshot;
  const restored = chart.restore(JSON.parse(JSON.stringify(logic.getPersistedSnapshot(waiting))));
  t.true(restored.matches('waiting'));
  t.is(chart.next(restored, { type: 'RETRY_DUE', attempt: 3 }).snapshot.value, 'waiting', 'a stale timer is ignored');
  const again = chart.next(restored, { type: 'RETRY_DUE', attempt: 2 });
  t.like(again.snapshot, { value: 'attempting', context: { attempt: 2 } });
  t.deepEqual(again.actions.map((action) => action.params), [{ deliveryId: 'del_1', webhookId: 'wh_1', attempt: 2 }]);
});

test('a pure step that asks for what only a live actor can do (emit) throws instead of losing it', (t) => {
  const emitting = setup({ types: { events: {} as { type: 'GO' }, emitted: {} as { type: 'went' } } }).createMachine({
    initial: 'idle',
    states: { idle: { on: { GO: { target: 'gone', actions: emit({ type: 'went' }) } } }, gone: {} },
  });
  const chart = createPureChart(emitting);
  t.throws(() => chart.next(chart.initial(undefined).snapshot, { type: 'GO' }), { message: /xstate\.emit, which needs a live actor/ });
});

test('the host records pure steps: listed while in memory, the snapshot at rest written in the next tick, then forgotten', async (t) => {
  const { db, repos } = await migratedStore(t);
  const host = createActorHost({ db, repos, eventBus: createEventBus(), clock: manualClock(), onError: (error) => t.log(String(error)) });
  const toggle = setup({ types: { context: {} as { n: number }, events: {} as { type: 'FLIP' } } }).createMachine({
    id: 'toggle',
    context: { n: 0 },
    initial: 'off',
    states: { off: { on: { FLIP: { target: 'on', actions: assign({ n: ({ context }) => context.n + 1 }) } } }, on: { on: { FLIP: 'off' } } },
  });
  const machine = host.register({ name: 'toggle', version: 1, logic: toggle, atRest: (snapshot) => snapshot.matches('off'), workspaceOf: () => 'ws' });
  await repos.actors.insert([{ id: 't1', machine: 'toggle', version: 1, workspace_id: 'ws', status: 'active', state_value: 'off', snapshot: null, input: null, created_at: at, updated_at: at }]);

  const on = machine.chart.next(machine.chart.initial(undefined).snapshot, { type: 'FLIP' }).snapshot;
  machine.record('t1', on, at);
  t.deepEqual(host.list().map((view) => [view.id, view.machine, view.state]), [['t1', 'toggle', 'on']]);
  t.is(machine.snapshot('t1')?.value, 'on');
  await host.flushed();
  t.like(await repos.actors.get('t1'), { status: 'active', state_value: 'on' });
  t.is(host.size, 1, 'not at rest: still in memory');

  const off = machine.chart.next(on, { type: 'FLIP' }).snapshot;
  machine.record('t1', off, at);
  await host.flushed();
  const row = (await repos.actors.get('t1'))!;
  t.like(row, { status: 'idle', state_value: 'off' });
  t.like(row.snapshot, { value: 'off', context: { n: 1 } });
  t.is(host.size, 0, 'at rest and stored: out of memory');

  machine.record('t1', on, at);
  machine.forget('t1');
  await host.flushed();
  t.like(await repos.actors.get('t1'), { status: 'idle', state_value: 'off' }, 'a forgotten step is not written');
  t.is(host.size, 0);
  await host.stop();
});
