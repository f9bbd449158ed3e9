import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import test from 'ava';
import { startServer, type TestServer } from '../helpers/server.js';

const brief = 'Write a short article about composting in small city apartments.';
type Structured = Record<string, any>;
type Teardown = { teardown(fn: () => unknown): void };

async function modernClient(t: Teardown, server: TestServer) {
  const client = new Client({ name: 'crewd-features', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } } as never);
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${server.key}` } } }));
  t.teardown(() => client.close());
  return client;
}

async function legacyClient(t: Teardown, server: TestServer) {
  const client = new LegacyClient({ name: 'crewd-features-legacy', version: '1.0.0' });
  await client.connect(new LegacyTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${server.key}` } } }));
  t.teardown(() => client.close());
  return client;
}

const headers = (server: TestServer, extra: Record<string, string> = {}) => ({ 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', Authorization: `Bearer ${server.key}`, ...extra });

test('2025-11-25: every SSE answer opens with a priming event carrying an id and retry', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const init = await fetch(`${server.url}/mcp`, {
    method: 'POST',
    headers: headers(server),
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } }),
  });
  const sessionId = init.headers.get('mcp-session-id')!;
  t.truthy(sessionId);
  await init.text();
  const sessionHeaders = headers(server, { 'Mcp-Session-Id': sessionId, 'MCP-Protocol-Version': '2025-11-25' });
  await fetch(`${server.url}/mcp`, { method: 'POST', headers: sessionHeaders, body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) }).then((r) => r.text());
  const listed = await fetch(`${server.url}/mcp`, { method: 'POST', headers: sessionHeaders, body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} }) });
  t.is(listed.headers.get('content-type'), 'text/event-stream');
  const text = await listed.text();
  t.regex(text, /^id: \S+\nretry: 2000\ndata: \n\n/, 'the priming event comes first');
  t.regex(text, /"deploy_crew"/);
});

test('logging/setLevel is answered and a waiting deploy sends log messages at or above the level', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const client = await legacyClient(t, server);
  t.truthy(client.getServerCapabilities()?.logging);
  const messages: Array<{ level: string; data: Structured }> = [];
  client.setNotificationHandler(LoggingMessageNotificationSchema, async (notification) => void messages.push(notification.params as never));
  await client.setLoggingLevel('info');
  const result = await client.callTool({ name: 'deploy_crew', arguments: { crew: 'writer', brief } });
  const outcome = result.structuredContent as Structured;
  t.is(outcome.status, 'completed');
  t.true(messages.length >= 1, 'at least one log message while waiting');
  t.true(messages.every((m) => m.data.outcome_id === outcome.id));
  t.is(messages.at(-1)!.data.status, 'completed');

  // Above the level nothing is sent.
  await client.setLoggingLevel('error');
  const before = messages.length;
  await client.callTool({ name: 'deploy_crew', arguments: { crew: 'writer', brief } });
  t.is(messages.length, before);
});

test('completion/complete offers crew ids and the workspace outcome ids, on both generations', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const modern = await modernClient(t, server);
  const outcome = (await modern.callTool({ name: 'deploy_crew', arguments: { crew: 'writer', brief, wait: false } })).structuredContent as Structured;
  const crews = await modern.complete({ ref: { type: 'ref/resource', uri: 'crewd://crews/{crew_id}' }, argument: { name: 'crew_id', value: 'w' } });
  t.deepEqual(crews.completion.values, ['writer']);
  const all = await modern.complete({ ref: { type: 'ref/resource', uri: 'crewd://crews/{crew_id}' }, argument: { name: 'crew_id', value: '' } });
  t.deepEqual([...all.completion.values].sort(), ['mind', 'pilot', 'writer']);
  const legacy = await legacyClient(t, server);
  const outcomes = await legacy.complete({ ref: { type: 'ref/resource', uri: 'crewd://outcomes/{outcome_id}' }, argument: { name: 'outcome_id', value: String(outcome.id).slice(0, 6) } });
  t.true(outcomes.completion.values.includes(outcome.id));
  // The crew resource reads as GET /v1/crews shows the crew.
  const read = await modern.readResource({ uri: 'crewd://crews/writer' });
  t.is(JSON.parse((read.contents[0] as { text: string }).text).id, 'writer');
});

test('the server card names /mcp and its revisions, without a key; server/discover answers', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const card = await fetch(`${server.url}/.well-known/mcp/server-card.json`);
  t.is(card.status, 200);
  const body = (await card.json()) as Structured;
  t.is(body.remotes[0].url, `${server.url}/mcp`);
  t.is(body.remotes[0].type, 'streamable-http');
  t.deepEqual(body.remotes[0].supportedProtocolVersions, ['2026-07-28', '2025-11-25']);

  const discover = await fetch(`${server.url}/mcp`, {
    method: 'POST',
    headers: headers(server, { 'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': 'server/discover' }),
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' }, 'io.modelcontextprotocol/clientCapabilities': {} } } }),
  });
  t.is(discover.status, 200);
  const answer = (await discover.json()) as Structured;
  t.true(answer.result.supportedVersions.includes('2026-07-28'), JSON.stringify(answer));
  t.truthy(answer.result.capabilities.logging);
});

test('resources/list shows what the key may read: outcomes with outcomes:read, crews with crews:read; reading names a missing permission', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const owner = await modernClient(t, server);
  const outcome = (await owner.callTool({ name: 'deploy_crew', arguments: { crew: 'writer', brief, wait: false } })).structuredContent as Structured;
  const clientWith = async (permissions: Array<'crews:read' | 'outcomes:read'>) => {
    const { secret } = await server.runtime.keys.create({ workspaceId: server.workspaceId, name: permissions.join('+'), permissions });
    const client = new Client({ name: 'crewd-features-scoped', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } } as never);
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${secret}` } } }));
    t.teardown(() => client.close());
    return client;
  };
  const outcomesOnly = await clientWith(['outcomes:read']);
  t.deepEqual((await outcomesOnly.listResources()).resources.map((r) => r.uri), [`crewd://outcomes/${outcome.id}`]);
  await t.throwsAsync(() => outcomesOnly.readResource({ uri: 'crewd://crews/writer' }), { message: /crews:read/ });
  const crewsOnly = await clientWith(['crews:read']);
  t.deepEqual((await crewsOnly.listResources()).resources.map((r) => r.uri).sort(), ['crewd://crews/mind', 'crewd://crews/pilot', 'crewd://crews/writer']);
  await t.throwsAsync(() => crewsOnly.readResource({ uri: `crewd://outcomes/${outcome.id}` }), { message: /outcomes:read/ });
});
