import fs from 'node:fs';
import test from 'ava';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { examplePlugin } from '../../plugins/example/index.js';
import type { PluginContext } from '../../plugins/contract.js';
import { memoryKv } from '../helpers/pluginKv.js';

test('the plugin guide\'s listing of the smallest plugin is the example plugin file, word for word', (t) => {
  const guide = fs.readFileSync(new URL('../../plugins/README.md', import.meta.url), 'utf8');
  const section = guide.slice(guide.indexOf('## The smallest plugin'));
  const listing = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
  t.is(listing, fs.readFileSync(new URL('../../plugins/example/index.ts', import.meta.url), 'utf8'));
});

test('the example plugin answers its flag idempotently over an in-memory MCP connection', async (t) => {
  const context: PluginContext = {
    workspaceId: 'ws',
    settings: { prefix: '! ' },
    secrets: {},
    logger: { debug() {}, info() {}, warn() {}, error() {} },
    clock: { now: () => new Date('2026-01-01T00:00:00Z') },
    kv: memoryKv(),
    fetch,
    dataDir: '/tmp',
    apiUrls: {},
  };
  const server = await examplePlugin.register(context);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'test', version: '1' }, { versionNegotiation: { mode: 'auto' } });
  await client.connect(clientSide);
  t.teardown(() => client.close());
  t.deepEqual((await client.listTools()).tools.map((tool) => tool.name).sort(), [...examplePlugin.manifest.tools].sort());
  const args = { outcome_id: 'out_1', crew: 'writer', stage: 'publishing', flag: 'shout_outcome', flag_value: true, title: 'hello', content: 'x', idempotency_key: 'k1' };
  const first = await client.callTool({ name: 'example_shout', arguments: args });
  t.like(first.structuredContent, { status: 'success', details: { text: '! HELLO' } });
  const replay = await client.callTool({ name: 'example_shout', arguments: { ...args, title: 'changed' } });
  t.like(replay.structuredContent, { details: { text: '! HELLO' } });
  const lookup = await client.callTool({ name: 'example_lookup', arguments: { key: 'k1' } });
  t.deepEqual(lookup.content, [{ type: 'text', text: '! HELLO' }]);
});
