import fs from 'node:fs';
import test from 'ava';
import { McpServer } from '@modelcontextprotocol/server';
import { definePlugin, PluginRunError, type PluginRunRequest, type PluginRuns } from '../../plugins/contract.js';
import { builtInPlugins } from '../../plugins/index.js';
import { startServer, tempDir } from '../helpers/server.js';
import { until } from '../helpers/until.js';

/**
 * A plugin that is not the chat tool uses durable runs through the contract alone: it declares a
 * runner in its manifest and starts it through `context.runs`. The runner blocks until released
 * (or aborted by a shutdown), so the test controls when a run ends.
 */
function countingPlugin(seen: PluginRunRequest[], gate: { open: boolean }) {
  return definePlugin({
    manifest: {
      id: 'counter',
      kind: 'example',
      displayName: 'Counter',
      version: '1.0.0',
      crews: ['mind'],
      tools: [],
      flags: [],
      settingsSchema: { type: 'object', additionalProperties: false, properties: {} },
      secrets: [],
      worksUnconfigured: true,
      runners: [
        {
          name: 'count',
          async run(context, run, signal) {
            seen.push(run);
            if (run.input.fail) throw new PluginRunError('vendor_refused', 'The vendor said no.');
            if (run.input.crash) throw Object.assign(new Error('SQLITE_BUSY: database is locked at /secret/path'), { code: 'SQLITE_BUSY' });
            while (!gate.open) {
              if (signal.aborted) throw new Error('stopped');
              await new Promise((resolve) => setTimeout(resolve, 10));
            }
            await context.kv.set(`done:${run.runId}`, true);
            return { counted: Number(run.input.upTo) };
          },
        },
      ],
    },
    register: () => new McpServer({ name: 'counter', version: '1.0.0' }),
  });
}

async function settledStatus(runs: PluginRuns, key: string) {
  return until(async () => {
    const status = await runs.status('count', key);
    return status?.state !== 'running' ? { status } : undefined;
  }, `run ${key} settled`, { everyMs: 10 }).then(({ status }) => status);
}

test('a plugin runner started through context.runs never overlaps for one key, survives a restart with the same run id, and keeps a coded failure', async (t) => {
  const dataDir = tempDir();
  t.teardown(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const seen: PluginRunRequest[] = [];
  const gate = { open: false };
  const env = { CREWD_DATA_DIR: dataDir, CREWD_BOOTSTRAP_KEY: 'crew_sk_pluginruns0123456789abcd' };
  const plugins = [...builtInPlugins(), countingPlugin(seen, gate)];
  const first = await startServer(env, { tools: { plugins } });
  const runs = (await first.runtime.tools.pluginHost.context(first.workspaceId, 'counter')).runs!;
  const started = await runs.start('count', 'k1', { upTo: 3 });
  t.true(started.started);
  const again = await runs.start('count', 'k1', { upTo: 9 });
  t.deepEqual(again, { runId: started.runId, started: false }, 'a second start while one runs answers the running one');
  t.like(await runs.status('count', 'k1'), { state: 'running', runId: started.runId, input: { upTo: 3 } });
  const other = await runs.start('count', 'k2', { upTo: 1 });
  t.true(other.started, 'another key runs side by side');
  await t.throwsAsync(() => runs.start('nope', 'k1', {}), { message: /declares no runner nope/ });
  // A shutdown stops the runs in flight; their actors stay `running` in storage.
  await first.close();

  gate.open = true;
  const second = await startServer(env, { tools: { plugins } });
  t.teardown(() => second.close());
  const context = await second.runtime.tools.pluginHost.context(second.workspaceId, 'counter');
  const resumed = await settledStatus(context.runs!, 'k1');
  t.like(resumed, { state: 'idle', lastRun: { runId: started.runId, output: { counted: 3 } }, lastError: null });
  t.deepEqual(
    seen.filter((run) => run.key === 'k1').map((run) => run.runId),
    [started.runId, started.runId],
    'the run cut off by the restart ran again with the same run id, and only that one',
  );
  t.true(await context.kv.get(`done:${started.runId}`));
  t.like(await settledStatus(context.runs!, 'k2'), { state: 'idle', lastRun: { runId: other.runId } });

  const failing = await context.runs!.start('count', 'k3', { fail: true });
  t.like(await settledStatus(context.runs!, 'k3'), { state: 'error', runId: failing.runId, lastError: { code: 'vendor_refused', message: 'The vendor said no.' } });
  const crashing = await context.runs!.start('count', 'k4', { crash: true });
  t.like(await settledStatus(context.runs!, 'k4'), { state: 'error', runId: crashing.runId, lastError: { code: 'internal_error' } }, 'an internal fault shows no internals');
  await context.runs!.stop('count', 'k3');
  t.is(await context.runs!.status('count', 'k3'), undefined, 'stop forgets the key');
});
