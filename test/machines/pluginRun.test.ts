import test from 'ava';
import { createActor, fromPromise, waitFor } from 'xstate';
import { pluginRunMachine, type PluginRunSummary, type RunPluginInput } from '../../machines/pluginRun.js';

const key = { workspaceId: 'ws', pluginId: 'chat', runner: 'sync', key: 'T1' };

function machineWith(run: (input: RunPluginInput) => Promise<PluginRunSummary>) {
  return pluginRunMachine.provide({ actors: { runPlugin: fromPromise<PluginRunSummary, RunPluginInput>(({ input }) => run(input)) } });
}

test('a run goes idle -> running -> idle and ignores a second START while it runs', async (t) => {
  const inputs: RunPluginInput[] = [];
  let finish!: () => void;
  const actor = createActor(
    machineWith((input) => {
      inputs.push(input);
      return new Promise((resolve) => (finish = () => resolve({ runId: input.runId, finishedAt: '2026-11-22T02:00:00.000Z', output: { messages_fetched: 3 } })));
    }),
    { input: key },
  ).start();
  actor.send({ type: 'START', runId: 'r1', startedAt: '2026-11-22T01:59:00.000Z', input: { initial: true } });
  t.is(actor.getSnapshot().value, 'running');
  actor.send({ type: 'START', runId: 'r2', startedAt: '2026-11-22T01:59:30.000Z', input: { initial: false } });
  t.like(actor.getSnapshot().context, { runId: 'r1', startedAt: '2026-11-22T01:59:00.000Z' });
  finish();
  await waitFor(actor, (s) => s.value === 'idle');
  t.deepEqual(inputs, [{ ...key, runId: 'r1', input: { initial: true } }]);
  t.like(actor.getSnapshot().context, { lastRun: { runId: 'r1', output: { messages_fetched: 3 } }, lastError: null });
});

test('a failed run ends in error with its code, and a later START runs again', async (t) => {
  let fail = true;
  const actor = createActor(
    machineWith(async (input) => {
      if (fail) throw { code: 'token_expired', message: 'expired', at: 'then' };
      return { runId: input.runId, finishedAt: 'x', output: {} };
    }),
    { input: key },
  ).start();
  actor.send({ type: 'START', runId: 'r1', startedAt: 'a', input: {} });
  await waitFor(actor, (s) => s.value === 'error');
  t.deepEqual(actor.getSnapshot().context.lastError, { code: 'token_expired', message: 'expired', at: 'then' });
  fail = false;
  actor.send({ type: 'START', runId: 'r2', startedAt: 'b', input: {} });
  await waitFor(actor, (s) => s.value === 'idle');
  t.is(actor.getSnapshot().context.lastError, null);
});

test('a snapshot persisted while running, restored through JSON, runs the same run again', async (t) => {
  const first = createActor(machineWith(() => new Promise(() => {})), { input: key }).start();
  first.send({ type: 'START', runId: 'r7', startedAt: 'a', input: { initial: true } });
  const persisted = JSON.parse(JSON.stringify(first.getPersistedSnapshot()));
  first.stop();
  const seen: RunPluginInput[] = [];
  const restored = createActor(
    machineWith(async (input) => {
      seen.push(input);
      return { runId: input.runId, finishedAt: 'x', output: {} };
    }),
    { snapshot: persisted, input: key },
  ).start();
  await waitFor(restored, (s) => s.value === 'idle');
  t.deepEqual(seen, [{ ...key, runId: 'r7', input: { initial: true } }]);
});

test('a missing runPlugin implementation fails loudly', async (t) => {
  const actor = createActor(pluginRunMachine, { input: key }).start();
  actor.send({ type: 'START', runId: 'r1', startedAt: 'a', input: {} });
  await waitFor(actor, (s) => s.value === 'error');
  t.regex(actor.getSnapshot().context.lastError!.message, /not provided/);
});
