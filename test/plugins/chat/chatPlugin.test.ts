import test from 'ava';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import type { PluginContext } from '../../../plugins/contract.js';
import { chatPlugin } from '../../../plugins/chat/index.js';
import { startChatFixture, tokens } from '../../fixtures/chatTeam.js';
import { memoryKv } from '../../helpers/pluginKv.js';

async function connect(apiUrl: string, token: string, knowledge?: PluginContext['knowledge']) {
  const context: PluginContext = {
    workspaceId: 'ws_test',
    settings: { channel: '#eng' },
    secrets: { access_token: token },
    logger: { debug() {}, info() {}, warn() {}, error() {} },
    clock: { now: () => new Date() },
    kv: memoryKv(),
    ...(knowledge ? { knowledge } : {}),
    fetch: (input, init) => fetch(input, init),
    dataDir: '',
    apiUrls: { chat: apiUrl },
  };
  const server = await chatPlugin.register(context);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(clientSide);
  return { client, close: async () => { await client.close(); await server.close(); } };
}

test('the chat plugin exposes its declared tools and the notify_chat flag posts once per idempotency key', async (t) => {
  const fixture = await startChatFixture();
  const { client, close } = await connect(fixture.apiUrl, tokens.good);
  t.teardown(async () => {
    await close();
    await fixture.close();
  });
  const listed = await client.listTools();
  t.deepEqual(listed.tools.map((tool) => tool.name).sort(), [...chatPlugin.manifest.tools].sort());
  const input = { outcome_id: 'out_1', crew: 'mind', stage: 'integration_sync', flag: 'notify_chat', flag_value: '#eng', title: 'Ops review', content: 'All systems nominal.', idempotency_key: 'out_1:integration_sync:1:chat' };
  const first = await client.callTool({ name: 'chat_notify_completion', arguments: input });
  t.falsy(first.isError);
  const details = (first.structuredContent as any).details;
  t.is(details.channel, 'C0ENG');
  t.regex(details.message_ts, /^\d+\.\d+$/);
  t.regex(details.permalink, /archives\/C0ENG\/p/);
  const again = await client.callTool({ name: 'chat_notify_completion', arguments: input });
  t.deepEqual((again.structuredContent as any).details, details);
  t.is(fixture.calls.filter((call) => call.method === 'chat.postMessage').length, 1, 'posted once');
  const eng = fixture.teams[0]!.channels[0]!;
  t.regex(eng.messages.at(-1)!.text, /Ops review/);

  const thread = await client.callTool({ name: 'chat_read_thread', arguments: { channel: 'C0ENG', thread_ts: eng.messages.find((m) => m.replies)!.ts } });
  t.is((thread.structuredContent as any).messages.length, 2);
  const noKb = await client.callTool({ name: 'chat_search_messages', arguments: { query: 'drill' } });
  t.true(noKb.isError);
});

test('the chat plugin answers a dead token or a missing channel as a readable tool error', async (t) => {
  const fixture = await startChatFixture();
  const { client, close } = await connect(fixture.apiUrl, tokens.expired);
  t.teardown(async () => {
    await close();
    await fixture.close();
  });
  const result = await client.callTool({ name: 'chat_post_message', arguments: { channel: 'C0ENG', text: 'hi' } });
  t.true(result.isError);
  t.is((result.structuredContent as any).error_code, 'auth_required');
  t.false((result.structuredContent as any).retryable);
});
