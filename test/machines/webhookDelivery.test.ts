import test from 'ava';
import { createActor, waitFor, type Actor, type SnapshotFrom } from 'xstate';
import { webhookDeliveryMachine, type AttemptInput, type AttemptOutput, type WebhookDeliveryInput } from '../../machines/webhookDelivery.js';

const schedule = [0, 60_000, 300_000, 1_800_000, 7_200_000];
const input: WebhookDeliveryInput = { deliveryId: 'del_1', webhookId: 'wh_1', schedule, attempt: 0 };

/** Attempt n (1-based) happens at minute n, so expected retry times are easy to read. */
const attemptAt = (attempt: number) => new Date(Date.UTC(2026, 0, 1, 0, attempt)).toISOString();

/** What a resting snapshot after an attempt stores: the attempt, its result, the next retry's time. */
interface Recorded {
  deliveryId: string;
  webhookId: string;
  attempt: number;
  result: AttemptOutput;
  nextRetryAt: string | null;
}

/** The retry timer a waiting snapshot implies: RETRY_DUE for `attempt` at `dueAt` (`delayMs` after its reference). */
interface Retry {
  deliveryId: string;
  webhookId: string;
  attempt: number;
  dueAt: string | null;
  delayMs: number;
}

type Machine = typeof webhookDeliveryMachine;

/**
 * Follows a live actor of the chart and lists what its resting snapshots store (the runtime's
 * projection writes the row and the timer from these): one record per answered attempt, one retry
 * per wait. Subscribed before start, it sees a first snapshot that already waits.
 */
function follow(actor: Actor<Machine>, records: Recorded[], retries: Retry[]): void {
  actor.subscribe({
    next: (snapshot) => {
      const { context } = snapshot;
      const resting = snapshot.status === 'done' || snapshot.matches('waiting');
      if (!resting) return;
      if (context.lastAttempt && context.error === null && records.at(-1)?.attempt !== context.attempt) {
        records.push({ deliveryId: context.deliveryId, webhookId: context.webhookId, attempt: context.attempt, result: context.lastAttempt, nextRetryAt: context.nextRetryAt });
      }
      if (snapshot.matches('waiting') && retries.at(-1)?.attempt !== context.attempt + 1) {
        const from = context.lastAttempt?.at ?? context.scheduledAt;
        // Without a reference time the runtime dates the retry itself, `schedule[attempt]` from now.
        const delayMs = context.nextRetryAt === null || from === null ? context.schedule[context.attempt]! : Date.parse(context.nextRetryAt) - Date.parse(from);
        retries.push({ deliveryId: context.deliveryId, webhookId: context.webhookId, attempt: context.attempt + 1, dueAt: context.nextRetryAt, delayMs });
      }
    },
    error: () => {},
  });
}

/**
 * A stub `attempt` slot answering from a script of ok/failed (or failing every attempt with
 * `reject`); records each params it gets. `start` creates, follows and starts an actor.
 */
function harness(script: boolean[], options: { reject?: Error } = {}) {
  const inputs: AttemptInput[] = [];
  const records: Recorded[] = [];
  const retries: Retry[] = [];
  const machine = webhookDeliveryMachine.provide({
    actions: {
      attempt: ({ self }, params) => {
        inputs.push(params);
        const ok = script[params.attempt - 1] ?? false;
        const output: AttemptOutput = ok
          ? { ok, status: 200, responseTimeMs: 12, at: attemptAt(params.attempt) }
          : { ok, status: 503, responseTimeMs: 30, at: attemptAt(params.attempt) };
        // Answered later, as a real send is.
        void Promise.resolve().then(() =>
          self.send(options.reject ? { type: 'ATTEMPT_FAILED', attempt: params.attempt, error: options.reject.message } : { type: 'ATTEMPTED', attempt: params.attempt, output }),
        );
      },
    },
  });
  const start = (actorInput: WebhookDeliveryInput = input) => {
    const actor = createActor(machine, { input: actorInput });
    follow(actor, records, retries);
    return actor.start();
  };
  return { machine, inputs, records, retries, start };
}

type Snapshot = SnapshotFrom<typeof webhookDeliveryMachine>;
const settled = (snapshot: Snapshot) => snapshot.matches('waiting') || snapshot.status === 'done';

test('a delivery that succeeds on the first attempt ends succeeded without a retry', async (t) => {
  const { start, inputs, records, retries } = harness([true]);
  const actor = start();
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
  const { start, inputs, records, retries } = harness([false, false, true]);
  const actor = start();

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
  const { start, inputs, records, retries } = harness([false, false, false, false, false]);
  const actor = start();
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
  const actor = first.start();
  await waitFor(actor, settled);
  const stored = JSON.stringify(actor.getPersistedSnapshot());
  actor.stop();

  // A new process: fresh implementations, the snapshot from storage.
  const second = harness([false, true]);
  // xstate's types ask for input even with a snapshot; a restored actor ignores it.
  const restored = createActor(second.machine, { snapshot: JSON.parse(stored), input }).start();
  // Followed from here on: what the restored actor stores next.
  follow(restored, second.records, second.retries);
  t.is(restored.getSnapshot().value, 'waiting');
  t.is(restored.getSnapshot().context.nextRetryAt, new Date(Date.parse(attemptAt(1)) + 60_000).toISOString());
  t.deepEqual(second.inputs, [], 'restoring in waiting sends nothing');

  restored.send({ type: 'RETRY_DUE', attempt: 2 });
  const snapshot = await waitFor(restored, (s) => s.status === 'done');
  t.is(snapshot.value, 'succeeded');
  t.deepEqual(second.inputs, [{ deliveryId: 'del_1', webhookId: 'wh_1', attempt: 2 }]);
  t.like(second.records, [{ attempt: 2, result: { ok: true } }]);
});

test('a snapshot restored while attempting takes the answer of that attempt, keyed by the same attempt number', async (t) => {
  // An attempt that never answers stands for a process that died mid-send.
  const stuck = webhookDeliveryMachine.provide({ actions: { attempt: () => {} } });
  const actor = createActor(stuck, { input }).start();
  t.is(actor.getSnapshot().value, 'attempting');
  t.is(actor.getSnapshot().context.attempt, 1);
  const stored = JSON.stringify(actor.getPersistedSnapshot());
  actor.stop();

  const next = harness([true]);
  const restored = createActor(next.machine, { snapshot: JSON.parse(stored), input: { ...input, deliveryId: 'ignored' } }).start();
  // Same (deliveryId, attempt) key as before the crash, so the runtime can dedupe the send; an
  // answer for another attempt does not move it.
  t.like(restored.getSnapshot().context, { deliveryId: 'del_1', webhookId: 'wh_1', attempt: 1 });
  restored.send({ type: 'ATTEMPTED', attempt: 2, output: { ok: true, status: 200, responseTimeMs: 1, at: attemptAt(2) } });
  t.is(restored.getSnapshot().value, 'attempting');
  restored.send({ type: 'ATTEMPTED', attempt: 1, output: { ok: true, status: 200, responseTimeMs: 1, at: attemptAt(1) } });
  const snapshot = await waitFor(restored, (s) => s.status === 'done');
  t.is(snapshot.value, 'succeeded');
  t.like(snapshot.context, { attempt: 1, lastAttempt: { at: attemptAt(1) } });
  t.deepEqual(next.inputs, [], 'restoring mid-attempt sends nothing by itself: the runtime never stores such a snapshot');
});

test('a stale or duplicated RETRY_DUE for another attempt is ignored', async (t) => {
  const { start, inputs } = harness([false, false, true]);
  const actor = start();
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
  const { start, inputs, retries } = harness([false, false, true]);
  const actor = start({ ...input, attempt: 2, scheduledAt: attemptAt(2) });
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
  const { start } = harness([false, true]);
  const actor = start();
  await waitFor(actor, settled);
  actor.send({ type: 'RETRY_DUE' });
  t.is((await waitFor(actor, (s) => s.status === 'done')).value, 'succeeded');
});

test('a delayed first attempt waits on a durable timer due at scheduledAt plus the first delay', async (t) => {
  const { start, inputs, retries } = harness([true]);
  const scheduledAt = '2026-01-01T00:00:00.000Z';
  const actor = start({ ...input, schedule: [5_000, 60_000], scheduledAt });

  t.is(actor.getSnapshot().value, 'waiting');
  t.deepEqual(retries, [{ deliveryId: 'del_1', webhookId: 'wh_1', attempt: 1, dueAt: '2026-01-01T00:00:05.000Z', delayMs: 5_000 }]);
  t.deepEqual(inputs, []);
  actor.send({ type: 'RETRY_DUE', attempt: 1 });
  t.is((await waitFor(actor, (s) => s.status === 'done')).value, 'succeeded');
});

test('without scheduledAt a delayed first attempt leaves the due time to the runtime', (t) => {
  const { start, retries } = harness([true]);
  start({ ...input, schedule: [5_000] });
  t.deepEqual(retries, [{ deliveryId: 'del_1', webhookId: 'wh_1', attempt: 1, dueAt: null, delayMs: 5_000 }]);
});

test('an attempt that could not be made ends the delivery failed with the reason', async (t) => {
  const { start, records } = harness([], { reject: new Error('store unavailable') });
  const actor = start();
  const snapshot = await waitFor(actor, (s) => s.status === 'done');
  t.is(snapshot.value, 'failed');
  t.is(snapshot.context.error, 'store unavailable');
  t.deepEqual(records, []);
});

test('the machine without provided implementations fails loudly instead of pretending to send', (t) => {
  const actor = createActor(webhookDeliveryMachine, { input });
  let error: unknown;
  actor.subscribe({ error: (caught) => (error = caught) });
  actor.start();
  t.is(actor.getSnapshot().status, 'error');
  t.regex(error instanceof Error ? error.message : '', /attempt action was not provided/);
});

test('an empty schedule fails at once without an attempt', (t) => {
  const { start, inputs } = harness([true]);
  const actor = start({ ...input, schedule: [] });
  t.is(actor.getSnapshot().value, 'failed');
  t.deepEqual(inputs, []);
});

/** An `attempt` stub that answers every attempt with `answer` at attemptAt(n). */
function answering(answer: Omit<AttemptOutput, 'at' | 'ok' | 'responseTimeMs'>) {
  const records: Recorded[] = [];
  const retries: Retry[] = [];
  const machine = webhookDeliveryMachine.provide({
    actions: {
      attempt: ({ self }, params) => {
        void Promise.resolve().then(() =>
          self.send({ type: 'ATTEMPTED', attempt: params.attempt, output: { ok: false, responseTimeMs: 5, at: attemptAt(params.attempt), ...answer } }),
        );
      },
    },
  });
  const start = (actorInput: WebhookDeliveryInput = input) => {
    const actor = createActor(machine, { input: actorInput });
    follow(actor, records, retries);
    return actor.start();
  };
  return { start, retries };
}

test('410 Gone ends the delivery failed at once, with attempts left and no retry', async (t) => {
  const { start, retries } = answering({ status: 410 });
  const snapshot = await waitFor(start(), settled);
  t.is(snapshot.value, 'failed');
  t.like(snapshot.context, { attempt: 1, nextRetryAt: null, error: null, lastAttempt: { status: 410 } });
  t.deepEqual(retries, []);
});

test('the retry waits by the retry policy: Retry-After within the schedule, jitter from the runtime sample', async (t) => {
  const { start, retries } = answering({ status: 429, retryAfterMs: 120_000 });
  const snapshot = await waitFor(start(), settled);
  t.is(snapshot.context.nextRetryAt, new Date(Date.parse(attemptAt(1)) + 120_000).toISOString());
  t.like(retries[0], { attempt: 2, delayMs: 120_000, dueAt: snapshot.context.nextRetryAt });

  const jittered = answering({ status: 503, jitterSample: 0.5 });
  const waiting = await waitFor(jittered.start({ ...input, jitter: 0.2 }), settled);
  t.is(waiting.context.nextRetryAt, new Date(Date.parse(attemptAt(1)) + 66_000).toISOString());
  t.like(jittered.retries[0], { delayMs: 66_000 });
});
