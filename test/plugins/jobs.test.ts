import test from 'ava';
import { McpServer } from '@modelcontextprotocol/server';
import { definePlugin } from '../../plugins/contract.js';
import { builtInPlugins } from '../../plugins/index.js';
import { manualClock } from '../../runtime/clock.js';
import { nextCronRun } from '../../runtime/tools/pluginJobs.js';
import { startServer } from '../helpers/server.js';

test('nextCronRun finds the next UTC minute a five-field schedule matches', (t) => {
  t.is(nextCronRun('0 2 * * *', new Date('2026-11-22T01:58:30Z'))!.toISOString(), '2026-11-22T02:00:00.000Z');
  t.is(nextCronRun('0 2 * * *', new Date('2026-11-22T02:00:00Z'))!.toISOString(), '2026-11-23T02:00:00.000Z');
  t.is(nextCronRun('*/15 9-17 * * 1-5', new Date('2026-11-21T12:00:00Z'))!.toISOString(), '2026-11-23T09:00:00.000Z');
  t.is(nextCronRun('30 6 1 1 *', new Date('2026-11-22T00:00:00Z'))!.toISOString(), '2027-01-01T06:30:00.000Z');
});

test('a declared job runs at its time once per configured workspace, on the durable timers', async (t) => {
  const runs: Array<{ workspace: string; prefix: unknown; at: string }> = [];
  const clock = manualClock('2026-11-22T01:58:00.000Z');
  const nightly = definePlugin({
    manifest: {
      id: 'nightly',
      kind: 'example',
      displayName: 'Nightly',
      version: '1.0.0',
      crews: ['mind'],
      tools: [],
      flags: [],
      settingsSchema: { type: 'object', additionalProperties: false, properties: { prefix: { type: 'string' } } },
      secrets: [],
      jobs: [{ name: 'sync', schedule: '0 2 * * *', run: async (context) => void runs.push({ workspace: context.workspaceId, prefix: context.settings.prefix, at: context.clock.now().toISOString() }) }],
    },
    register: () => new McpServer({ name: 'nightly', version: '1.0.0' }),
  });
  const server = await startServer({}, { clock, tools: { plugins: [...builtInPlugins(), nightly] } });
  t.teardown(() => server.close());
  t.deepEqual(server.runtime.tools.pluginJobs.list(), [
    { key: 'chat:daily_sync', schedule: '0 2 * * *' },
    { key: 'nightly:sync', schedule: '0 2 * * *' },
  ]);
  t.is((await server.call('POST', '/v1/integrations/nightly/configure', { body: { settings: { prefix: 'n-' } } })).status, 200);
  await server.runtime.scheduler.fireDue();
  t.deepEqual(runs, [], 'nothing before 02:00');
  clock.set('2026-11-22T02:00:05.000Z');
  await server.runtime.scheduler.fireDue();
  t.deepEqual(runs, [{ workspace: server.workspaceId, prefix: 'n-', at: '2026-11-22T02:00:05.000Z' }]);
  await server.runtime.scheduler.fireDue();
  t.is(runs.length, 1, 'one run per tick');
  clock.set('2026-11-23T02:00:01.000Z');
  await server.runtime.scheduler.fireDue();
  t.is(runs.length, 2, 'the next night runs again');
});
