import test from 'ava';
import { createActor, fromPromise, waitFor } from 'xstate';
import { backoffMs, publicStatus, toolConnectionMachine, type ConnectResult, type ScheduleRetryParams, type ToolConnectionInput } from '../../machines/toolConnection.js';

const input: ToolConnectionInput = { connectionId: 'c1', maxAttempts: 3, baseDelayMs: 1000, maxDelayMs: 30_000, retryInitialFailure: false };
const at = '2026-01-01T00:00:00.000Z';
const ok: ConnectResult = { ok: true, at, toolCount: 2 };
const down: ConnectResult = { ok: false, at, jitter: 1, reason: 'unreachable', retryable: true, error: 'ECONNREFUSED' };
const denied: ConnectResult = { ok: false, at, jitter: 1, reason: 'auth_required', retryable: false, error: 'HTTP 401' };

function harness(script: ConnectResult[], overrides: Partial<ToolConnectionInput> = {}) {
  const retries: ScheduleRetryParams[] = [];
  const closed: string[] = [];
  const cleaned: string[] = [];
  let calls = 0;
  const machine = toolConnectionMachine.provide({
    actors: { connect: fromPromise(async () => script[Math.min(calls++, script.length - 1)]!) },
    actions: {
      scheduleRetry: (_, params) => retries.push(params),
      closeSession: (_, params) => closed.push(params.connectionId),
      cleanup: (_, params) => cleaned.push(params.connectionId),
    },
  });
  const actor = createActor(machine, { input: { ...input, ...overrides } }).start();
  return { actor, retries, closed, cleaned, calls: () => calls };
}

test('a connect that succeeds is active and shows active', async (t) => {
  const { actor } = harness([ok]);
  const snapshot = await waitFor(actor, (s) => !s.matches('connecting'));
  t.is(snapshot.value, 'active');
  t.is(snapshot.context.lastConnectedAt, at);
  t.is(snapshot.context.toolCount, 2);
  t.is(publicStatus('reconnecting'), 'active');
});

test('a 401 goes straight to error with auth_required and never retries', async (t) => {
  const { actor, retries } = harness([denied], { retryInitialFailure: true });
  const snapshot = await waitFor(actor, (s) => !s.matches('connecting'));
  t.is(snapshot.value, 'error');
  t.is(snapshot.context.reason, 'auth_required');
  t.deepEqual(retries, []);
});

test('a lost connection reconnects with doubling backoff and returns to active', async (t) => {
  const { actor, retries } = harness([ok, down, ok]);
  await waitFor(actor, (s) => s.matches('active'));
  actor.send({ type: 'LOST', at, jitter: 1, reason: 'closed', error: 'socket closed', retryable: true });
  t.true(actor.getSnapshot().matches({ reconnecting: 'waiting' }));
  t.is(actor.getSnapshot().context.nextRetryAt, '2026-01-01T00:00:01.000Z');
  actor.send({ type: 'RETRY_DUE' });
  await waitFor(actor, (s) => s.matches({ reconnecting: 'waiting' }) && s.context.attempt === 2);
  t.is(actor.getSnapshot().context.nextRetryAt, '2026-01-01T00:00:02.000Z');
  actor.send({ type: 'RETRY_DUE' });
  const snapshot = await waitFor(actor, (s) => s.matches('active'));
  t.is(snapshot.context.attempt, 0);
  t.deepEqual(retries.map((r) => r.attempt), [1, 2]);
});

test('a server that stays down ends in error after the attempts run out', async (t) => {
  const { actor } = harness([ok, down], { maxAttempts: 2 });
  await waitFor(actor, (s) => s.matches('active'));
  actor.send({ type: 'LOST', at, jitter: 1, reason: 'closed', error: 'socket closed', retryable: true });
  actor.send({ type: 'RETRY_DUE' });
  await waitFor(actor, (s) => s.matches({ reconnecting: 'waiting' }) && s.context.attempt === 2);
  actor.send({ type: 'RETRY_DUE' });
  const snapshot = await waitFor(actor, (s) => s.matches('error'));
  t.is(snapshot.context.reason, 'retries_exhausted');
  t.is(snapshot.context.lastError, 'ECONNREFUSED');
});

test('disconnect closes the session and cleans up, from active or error', async (t) => {
  const first = harness([ok]);
  await waitFor(first.actor, (s) => s.matches('active'));
  first.actor.send({ type: 'DISCONNECT' });
  t.is(first.actor.getSnapshot().status, 'done');
  t.deepEqual(first.cleaned, ['c1']);
  const second = harness([denied]);
  await waitFor(second.actor, (s) => s.matches('error'));
  second.actor.send({ type: 'DISCONNECT' });
  t.is(second.actor.getSnapshot().value, 'disconnected');
});

test('an initial failure the user waits for is not retried', async (t) => {
  const { actor, calls } = harness([down]);
  const snapshot = await waitFor(actor, (s) => !s.matches('connecting'));
  t.is(snapshot.value, 'error');
  t.is(snapshot.context.reason, 'unreachable');
  t.is(calls(), 1);
});

test('backoff doubles from 1 s to a 30 s cap and jitter only shortens it', (t) => {
  const context = { baseDelayMs: 1000, maxDelayMs: 30_000 };
  t.deepEqual([1, 2, 3, 4, 5, 6, 7].map((n) => backoffMs(context, n, 1)), [1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  t.is(backoffMs(context, 1, 0.5), 500);
  t.is(backoffMs(context, 1, 0.1), 500);
});

test('a persisted snapshot round-trips through JSON', async (t) => {
  const { actor } = harness([ok]);
  await waitFor(actor, (s) => s.matches('active'));
  const persisted = JSON.parse(JSON.stringify(actor.getPersistedSnapshot()));
  const restored = createActor(toolConnectionMachine, { snapshot: persisted, input }).start();
  t.is(restored.getSnapshot().value, 'active');
  t.is(restored.getSnapshot().context.toolCount, 2);
});

test('a restored active connection reconnects at once (RESTORED) and is active again; a failure there is retried', async (t) => {
  const { actor } = harness([ok]);
  const persisted = JSON.parse(JSON.stringify((await waitFor(actor, (s) => s.matches('active')), actor.getPersistedSnapshot())));
  actor.stop();
  const retries: ScheduleRetryParams[] = [];
  let calls = 0;
  const script = [down, ok];
  const machine = toolConnectionMachine.provide({
    actors: { connect: fromPromise(async () => script[Math.min(calls++, script.length - 1)]!) },
    actions: { scheduleRetry: (_, params) => retries.push(params) },
  });
  const restored = createActor(machine, { snapshot: persisted, input }).start();
  t.is(restored.getSnapshot().value, 'active');
  restored.send({ type: 'RESTORED' });
  t.true(restored.getSnapshot().matches({ reconnecting: 'attempting' }));
  await waitFor(restored, (s) => s.matches({ reconnecting: 'waiting' }));
  t.deepEqual(retries.map((r) => r.attempt), [1]);
  restored.send({ type: 'RETRY_DUE' });
  const snapshot = await waitFor(restored, (s) => s.matches('active'));
  t.is(snapshot.context.attempt, 0);
  t.is(calls, 2);
});

test('a restored connection waiting to retry re-arms its timer for the stored due time', async (t) => {
  const { actor } = harness([ok]);
  await waitFor(actor, (s) => s.matches('active'));
  actor.send({ type: 'LOST', at, jitter: 1, reason: 'closed', error: 'socket closed', retryable: true });
  const persisted = JSON.parse(JSON.stringify(actor.getPersistedSnapshot()));
  actor.stop();
  const retries: ScheduleRetryParams[] = [];
  const machine = toolConnectionMachine.provide({ actions: { scheduleRetry: (_, params) => retries.push(params) } });
  const restored = createActor(machine, { snapshot: persisted, input }).start();
  t.deepEqual(retries, [], 'a restore runs no entry action');
  restored.send({ type: 'RESTORED' });
  t.deepEqual(retries, [{ connectionId: 'c1', attempt: 1, dueAt: '2026-01-01T00:00:01.000Z' }]);
  t.true(restored.getSnapshot().matches({ reconnecting: 'waiting' }));
});
