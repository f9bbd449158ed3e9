import test from 'ava';
import { createActor, fromPromise, waitFor } from 'xstate';
import { chatSyncMachine, type ChatSyncRunSummary, type RunSyncInput } from '../../machines/chatSync.js';

function machineWith(run: (input: RunSyncInput) => Promise<ChatSyncRunSummary>) {
  return chatSyncMachine.provide({ actors: { runSync: fromPromise<ChatSyncRunSummary, RunSyncInput>(({ input }) => run(input)) } });
}

test('a sync goes idle -> syncing -> idle and ignores a second SYNC while it runs', async (t) => {
  const inputs: RunSyncInput[] = [];
  let finish!: () => void;
  const actor = createActor(
    machineWith((input) => {
      inputs.push(input);
      return new Promise((resolve) => (finish = () => resolve({ runId: input.runId, messagesFetched: 3, finishedAt: '2026-11-22T02:00:00.000Z' })));
    }),
    { input: { workspaceId: 'ws', teamId: 'T1' } },
  ).start();
  actor.send({ type: 'SYNC', runId: 'r1', initial: true });
  t.is(actor.getSnapshot().value, 'syncing');
  actor.send({ type: 'SYNC', runId: 'r2', initial: false });
  t.is(actor.getSnapshot().context.runId, 'r1');
  finish();
  await waitFor(actor, (s) => s.value === 'idle');
  t.deepEqual(inputs, [{ workspaceId: 'ws', teamId: 'T1', runId: 'r1', initial: true }]);
  t.like(actor.getSnapshot().context, { lastRun: { runId: 'r1', messagesFetched: 3 }, lastError: null });
});

test('a failed run ends in error with its code, and a later SYNC runs again', async (t) => {
  let fail = true;
  const actor = createActor(
    machineWith(async (input) => {
      if (fail) throw { code: 'token_expired', message: 'expired' };
      return { runId: input.runId, messagesFetched: 0, finishedAt: 'x' };
    }),
    { input: { workspaceId: 'ws', teamId: 'T1' } },
  ).start();
  actor.send({ type: 'SYNC', runId: 'r1', initial: false });
  await waitFor(actor, (s) => s.value === 'error');
  t.deepEqual(actor.getSnapshot().context.lastError, { code: 'token_expired', message: 'expired' });
  fail = false;
  actor.send({ type: 'SYNC', runId: 'r2', initial: false });
  await waitFor(actor, (s) => s.value === 'idle');
  t.is(actor.getSnapshot().context.lastError, null);
});

test('a snapshot persisted while syncing, restored through JSON, runs the same run again', async (t) => {
  const first = createActor(machineWith(() => new Promise(() => {})), { input: { workspaceId: 'ws', teamId: 'T1' } }).start();
  first.send({ type: 'SYNC', runId: 'r7', initial: true });
  const persisted = JSON.parse(JSON.stringify(first.getPersistedSnapshot()));
  first.stop();
  const seen: RunSyncInput[] = [];
  const restored = createActor(
    machineWith(async (input) => {
      seen.push(input);
      return { runId: input.runId, messagesFetched: 1, finishedAt: 'x' };
    }),
    { snapshot: persisted, input: { workspaceId: 'ws', teamId: 'T1' } },
  ).start();
  await waitFor(restored, (s) => s.value === 'idle');
  t.deepEqual(seen, [{ workspaceId: 'ws', teamId: 'T1', runId: 'r7', initial: true }]);
});

test('a missing runSync implementation fails loudly', async (t) => {
  const actor = createActor(chatSyncMachine, { input: { workspaceId: 'ws', teamId: 'T1' } }).start();
  actor.send({ type: 'SYNC', runId: 'r1', initial: false });
  await waitFor(actor, (s) => s.value === 'error');
  t.regex(actor.getSnapshot().context.lastError!.message, /not provided/);
});
