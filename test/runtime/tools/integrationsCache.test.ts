import test from 'ava';
import { McpServer } from '@modelcontextprotocol/server';
import { definePlugin } from '../../../plugins/contract.js';
import { startServer } from '../../helpers/server.js';

const plugin = definePlugin({
  manifest: { id: 'facts', kind: 'facts', displayName: 'Facts', version: '1.0.0', crews: ['writer'], tools: [], flags: [], settingsSchema: { type: 'object', additionalProperties: false, properties: {} }, secrets: [] },
  register() {
    return new McpServer({ name: 'facts', version: '1.0.0' });
  },
});

test('the stages of many outcomes asking at once read the configured integrations once, and a configure is seen at once', async (t) => {
  const server = await startServer({}, { tools: { plugins: [plugin] } });
  t.teardown(() => server.close());
  const { integrations } = server.runtime.tools;
  let reads = 0;
  server.runtime.db.on('query', (query: { sql: string }) => {
    if (query.sql.includes('integration_configs')) reads += 1;
  });

  const answers = await Promise.all(Array.from({ length: 50 }, () => integrations.configured(server.workspaceId)));
  t.is(reads, 1);
  t.true(answers.every((answer) => answer.length === 0));

  // A configure drops what was kept: the next ask reads again and sees it.
  t.is((await server.call('POST', '/v1/integrations/facts/configure', { body: { settings: {} } })).status, 200);
  t.deepEqual([...(await integrations.configured(server.workspaceId))], ['facts']);
});
