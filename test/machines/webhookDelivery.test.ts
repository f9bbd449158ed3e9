import test from 'ava';
import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import {
  webhookDeliveryMachine,
  type AttemptInput,
  type AttemptOutput,
  type RecordAttemptParams,
  type ScheduleRetryParams,
  type WebhookDeliveryInput,
} from '../../machines/webhookDelivery.js';

const schedule = [0, 60_000, 300_000, 1_800_000, 7_200_000];
const input: WebhookDeliveryInput = { deliveryId: 'del_1', webhookId: 'wh_1', schedule, attempt: 0 };

/** Attempt n (1-based) happens at minute n, so expected retry times are easy to read. */
const attemptAt = (attempt: number) => new Date(Date.UTC(2026, 0, 1, 0, attempt)).toISOString();

/** A stub `attempt` actor answering from a script of ok/failed; records each input it gets. */
function harness(script: boolean[], options: { reject?: Error } = {}) {
  const inputs: AttemptInput[] = [];
  const records: RecordAttemptParams[] = [];
  const retries: ScheduleRetryParams[] = [];
  const machine = webhookDeliveryMachine.provide({
    actors: {
      attempt: fromPromise<AttemptOutput, AttemptInput>(async ({ input: attemptInput }) => {
        inputs.push(attemptInput);
        if (options.reject) throw options.reject;
        const ok = script[attemptInput.attempt - 1] ?? false;
        return ok
          ? { ok, status: 200, responseTimeMs: 12, at: attemptAt(attemptInput.attempt) }
          : { ok, status: 503, responseTimeMs: 30, at: attemptAt(attemptInput.attempt) };
      }),
    },
    actions: {
      recordAttempt: (_, params) => records.push(params),
      scheduleRetry: (_, params) => retries.push(params),
    },
  });
  return { machine, inputs, records, retries };
}

type Snapshot = SnapshotFrom<typeof webhookDeliveryMachine>;
const settled = (snapshot: Snapshot) => snapshot.matches('waiting') || snapshot.status === 'done';

test('a delivery that succeeds on the first attempt ends succeeded without a retry', async (t) => {
  const { machine, inputs, records, retries } = harness([true]);
  const actor = createActor(machine, { input }).start();
  const snapshot = await waitFor(actor, settled);

  t.is(snapshot.value, 'succeeded');
  t.is(snapshot.status, 'done');
  t.deepEqual(inputs, [{ deliveryId: 'del_1', webhookId: 'wh_1', attempt: 1 }]);
  t.deepEqual(records, [
    { deliveryId: 'del_1', webhookId: 'wh_1', attempt: 1, result: { ok: true, status: 200, responseTimeMs: 12, at: attemptAt(1) }, nextRetryAt: null },
  ]);
  t.deepEqual(retries, []);
  t.like(snapshot.context, { attempt: 1, nextRetryAt: null, error: null });
});

test('two failures then a success: each retry waits for RETRY_DUE, due at the attempt time plus the next delay', async (t) => {
  const { machine, inputs, records, retries } = harness([false, false, true]);
  const actor = createActor(machine, { input }).start();

  let snapshot = await waitFor(actor, settled);
  t.is(snapshot.value, 'waiting');
  const firstRetryAt = new Date(Date.parse(attemptAt(1)) + schedule[1]!).toISOString();
  t.is(snapshot.context.nextRetryAt, firstRetryAt);
  t.deepEqual(retries, [{ deliveryId: 'del_1', webhookId: 'wh_1', attempt: 2, dueAt: firstRetryAt, delayMs: 60_000 }]);

  actor.send({ type: 'RETRY_DUE', attempt: 2 });
  snapshot = await waitFor(actor, (s) => settled(s) && s.context.attempt === 2);
  t.is(snapshot.value, 'waiting');
  const secondRetryAt = new Date(Date.parse(attemptAt(2)) + schedule[2]!).toISOString();
  t.is(snapshot.context.nextRetryAt, secondRetryAt);
  t.is(retries[1]?.dueAt, secondRetryAt);

  actor.send({ type: 'RETRY_DUE', attempt: 3 });
  snapshot = await waitFor(actor, (s) => s.status === 'done');
  t.is(snapshot.value, 'succeeded');
  t.deepEqual(
    inputs.map((i) => i.attempt),
    [1, 2, 3],
  );
  t.deepEqual(
    records.map((r) => [r.attempt, r.result.status, r.nextRetryAt]),
    [
      [1, 503, firstRetryAt],
      [2, 503, secondRetryAt],
      [3, 200, null],
    ],
  );
  t.is(retries.length, 2);
});

test('five failures end the delivery failed, with no retry after the last', async (t) => {
  const { machine, inputs, records, retries } = harness([false, false, false, false, false]);
  const actor = createActor(machine, { input }).start();
  for (let attempt = 2; attempt <= 5; attempt += 1) {
    await waitFor(actor, (s) => s.matches('waiting') && s.context.attempt === attempt - 1);
    actor.send({ type: 'RETRY_DUE', attempt });
  }
  const snapshot = await waitFor(actor, (s) => s.status === 'done');

  t.is(snapshot.value, 'failed');
  t.is(inputs.length, 5);
  t.is(records.length, 5);
  t.deepEqual(
    retries.map((r) => [r.attempt, r.delayMs]),
    [
      [2, 60_000],
      [3, 300_000],
      [4, 1_800_000],
      [5, 7_200_000],
    ],
  );
  t.like(records[4], { attempt: 5, nextRetryAt: null, result: { ok: false, status: 503 } });
  t.like(snapshot.context, { attempt: 5, nextRetryAt: null, error: null });
});

test('a persisted snapshot taken while waiting survives JSON and continues on RETRY_DUE', async (t) => {
  const first = harness([false, true]);
  const actor = createActor(first.machine, { input }).start();
  await waitFor(actor, settled);
  const stored = JSON.stringify(actor.getPersistedSnapshot());
  actor.stop();

  // A new process: fresh implementations, the snapshot from storage.
  const second = harness([false, true]);
  // xstate's types ask for input even with a snapshot; a restored actor ignores it.
  const restored = createActor(second.machine, { snapshot: JSON.parse(stored), input }).start();
  t.is(restored.getSnapshot().value, 'waiting');
  t.is(restored.getSnapshot().context.nextRetryAt, new Date(Date.parse(attemptAt(1)) + 60_000).toISOString());
  t.deepEqual(second.inputs, [], 'restoring in waiting sends nothing');

  restored.send({ type: 'RETRY_DUE', attempt: 2 });
  const snapshot = await waitFor(restored, (s) => s.status === 'done');
  t.is(snapshot.value, 'succeeded');
  t.deepEqual(second.inputs, [{ deliveryId: 'del_1', webhookId: 'wh_1', attempt: 2 }]);
  t.like(second.records, [{ attempt: 2, result: { ok: true } }]);
});

test('a snapshot restored while attempting runs the attempt again with the same attempt number', async (t) => {
  // An attempt that never settles stands for a process that died mid-send.
  const stuck = webhookDeliveryMachine.provide({
    actors: { attempt: fromPromise<AttemptOutput, AttemptInput>(() => new Promise(() => {})) },
  });
  const actor = createActor(stuck, { input }).start();
  t.is(actor.getSnapshot().value, 'attempting');
  t.is(actor.getSnapshot().context.attempt, 1);
  const stored = JSON.stringify(actor.getPersistedSnapshot());
  actor.stop();

  const next = harness([true]);
  const restored = createActor(next.machine, { snapshot: JSON.parse(stored), input: { ...input, deliveryId: 'ignored' } }).start();
  const snapshot = await waitFor(restored, (s) => s.status === 'done');
  // Same (deliveryId, attempt) key as before the crash, so the runtime can dedupe the send.
  t.deepEqual(next.inputs, [{ deliveryId: 'del_1', webhookId: 'wh_1', attempt: 1 }]);
  t.is(snapshot.value, 'succeeded');
});

test('a stale or duplicated RETRY_DUE for another attempt is ignored', async (t) => {
  const { machine, inputs } = harness([false, false, true]);
  const actor = createActor(machine, { input }).start();
  await waitFor(actor, settled);

  actor.send({ type: 'RETRY_DUE', attempt: 1 });
  actor.send({ type: 'RETRY_DUE', attempt: 3 });
  t.is(actor.getSnapshot().value, 'waiting');
  t.is(inputs.length, 1);

  actor.send({ type: 'RETRY_DUE', attempt: 2 });
  // Delivered twice by an at-least-once timer: the second one arrives while attempting.
  actor.send({ type: 'RETRY_DUE', attempt: 2 });
  await waitFor(actor, (s) => s.matches('waiting') && s.context.attempt === 2);
  t.deepEqual(
    inputs.map((i) => i.attempt),
    [1, 2],
  );
});

test('a delivery resumed with attempts already made continues from the next attempt', async (t) => {
  const { machine, inputs, retries } = harness([false, false, true]);
  const actor = createActor(machine, { input: { ...input, attempt: 2, scheduledAt: attemptAt(2) } }).start();
  t.is(actor.getSnapshot().value, 'waiting');
  t.like(retries, [{ attempt: 3, delayMs: 300_000 }]);
  actor.send({ type: 'RETRY_DUE', attempt: 3 });
  t.is((await waitFor(actor, (s) => s.status === 'done')).value, 'succeeded');
  t.deepEqual(
    inputs.map((i) => i.attempt),
    [3],
  );
});

test('RETRY_DUE without an attempt number moves a waiting delivery on', async (t) => {
  const { machine } = harness([false, true]);
  const actor = createActor(machine, { input }).start();
  await waitFor(actor, settled);
  actor.send({ type: 'RETRY_DUE' });
  t.is((await waitFor(actor, (s) => s.status === 'done')).value, 'succeeded');
});

test('a delayed first attempt waits on a durable timer due at scheduledAt plus the first delay', async (t) => {
  const { machine, inputs, retries } = harness([true]);
  const scheduledAt = '2026-01-01T00:00:00.000Z';
  const actor = createActor(machine, { input: { ...input, schedule: [5_000, 60_000], scheduledAt } }).start();

  t.is(actor.getSnapshot().value, 'waiting');
  t.deepEqual(retries, [{ deliveryId: 'del_1', webhookId: 'wh_1', attempt: 1, dueAt: '2026-01-01T00:00:05.000Z', delayMs: 5_000 }]);
  t.deepEqual(inputs, []);
  actor.send({ type: 'RETRY_DUE', attempt: 1 });
  t.is((await waitFor(actor, (s) => s.status === 'done')).value, 'succeeded');
});

test('without scheduledAt a delayed first attempt leaves the due time to the runtime', (t) => {
  const { machine, retries } = harness([true]);
  createActor(machine, { input: { ...input, schedule: [5_000] } }).start();
  t.deepEqual(retries, [{ deliveryId: 'del_1', webhookId: 'wh_1', attempt: 1, dueAt: null, delayMs: 5_000 }]);
});

test('an attempt actor that rejects ends the delivery failed with the reason', async (t) => {
  const { machine, records } = harness([], { reject: new Error('store unavailable') });
  const actor = createActor(machine, { input }).start();
  const snapshot = await waitFor(actor, (s) => s.status === 'done');
  t.is(snapshot.value, 'failed');
  t.is(snapshot.context.error, 'store unavailable');
  t.deepEqual(records, []);
});

test('the machine without provided implementations fails loudly instead of pretending to send', async (t) => {
  const actor = createActor(webhookDeliveryMachine, { input }).start();
  const snapshot = await waitFor(actor, (s) => s.status === 'done');
  t.is(snapshot.value, 'failed');
  t.regex(snapshot.context.error ?? '', /attempt actor was not provided/);
});

test('an empty schedule fails at once without an attempt', (t) => {
  const { machine, inputs } = harness([true]);
  const actor = createActor(machine, { input: { ...input, schedule: [] } }).start();
  t.is(actor.getSnapshot().value, 'failed');
  t.deepEqual(inputs, []);
});

/** An `attempt` stub that answers every attempt with `answer` at attemptAt(n). */
function answering(answer: Omit<AttemptOutput, 'at' | 'ok' | 'responseTimeMs'>) {
  const retries: ScheduleRetryParams[] = [];
  const machine = webhookDeliveryMachine.provide({
    actors: {
      attempt: fromPromise<AttemptOutput, AttemptInput>(async ({ input: attemptInput }) => ({ ok: false, responseTimeMs: 5, at: attemptAt(attemptInput.attempt), ...answer })),
    },
    actions: { recordAttempt: () => {}, scheduleRetry: (_, params) => retries.push(params) },
  });
  return { machine, retries };
}

test('410 Gone ends the delivery failed at once, with attempts left and no retry', async (t) => {
  const { machine, retries } = answering({ status: 410 });
  const snapshot = await waitFor(createActor(machine, { input }).start(), settled);
  t.is(snapshot.value, 'failed');
  t.like(snapshot.context, { attempt: 1, nextRetryAt: null, error: null, lastAttempt: { status: 410 } });
  t.deepEqual(retries, []);
});

test('the retry waits by the retry policy: Retry-After within the schedule, jitter from the runtime sample', async (t) => {
  const { machine, retries } = answering({ status: 429, retryAfterMs: 120_000 });
  const snapshot = await waitFor(createActor(machine, { input }).start(), settled);
  t.is(snapshot.context.nextRetryAt, new Date(Date.parse(attemptAt(1)) + 120_000).toISOString());
  t.like(retries[0], { attempt: 2, delayMs: 120_000, dueAt: snapshot.context.nextRetryAt });

  const jittered = answering({ status: 503, jitterSample: 0.5 });
  const waiting = await waitFor(createActor(jittered.machine, { input: { ...input, jitter: 0.2 } }).start(), settled);
  t.is(waiting.context.nextRetryAt, new Date(Date.parse(attemptAt(1)) + 66_000).toISOString());
  t.like(jittered.retries[0], { delayMs: 66_000 });
});
