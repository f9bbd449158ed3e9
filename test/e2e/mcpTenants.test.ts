import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import test from 'ava';
import type { Scope } from '../../runtime/auth/scopes.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { until } from '../helpers/until.js';

const brief = 'Write a short article about composting in small city apartments.';
type Structured = Record<string, any>;
type Teardown = { teardown(fn: () => unknown): void };

async function modernClient(t: Teardown, server: TestServer, key: string) {
  const client = new Client({ name: 'crewd-tenant-test', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } } as never);
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${key}` } } }));
  t.teardown(() => client.close());
  return client;
}

async function keyOf(server: TestServer, workspaceId: string, permissions: Scope[]): Promise<string> {
  return (await server.runtime.keys.create({ workspaceId, name: `k${permissions.length}${Math.random()}`, permissions })).secret;
}

async function otherWorkspace(server: TestServer, name: string): Promise<string> {
  return (await server.runtime.workspaces.create({ name, plan: 'enterprise' })).id;
}

/** A finished outcome of the default workspace and its resource URI. */
async function ownOutcome(t: Teardown, server: TestServer) {
  const client = await modernClient(t, server, server.key);
  const outcome = (await client.callTool({ name: 'deploy_crew', arguments: { crew: 'writer', brief } })).structuredContent as Structured;
  return { client, id: outcome.id as string, uri: `crewd://outcomes/${outcome.id}` };
}

test('subscriptions/listen (2026-07-28) refuses an outcome of another workspace, and a key without outcomes:read', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const { client: owner, id, uri } = await ownOutcome(t, server);
  const stranger = await modernClient(t, server, await keyOf(server, await otherWorkspace(server, 'stranger'), ['crews:read', 'outcomes:read']));
  await t.throwsAsync(() => stranger.listen({ resourceSubscriptions: [uri] }), { message: /is not an outcome of this workspace/ });
  const crewsOnly = await modernClient(t, server, await keyOf(server, await otherWorkspace(server, 'crews-only'), ['crews:read']));
  await t.throwsAsync(() => crewsOnly.listen({ resourceSubscriptions: [uri] }), { message: /outcomes:read/ });
  const sameWorkspaceNoRead = await modernClient(t, server, await keyOf(server, server.workspaceId, ['crews:read', 'crews:write']));
  await t.throwsAsync(() => sameWorkspaceNoRead.listen({ resourceSubscriptions: [uri] }), { message: /outcomes:read/ });
  await t.throwsAsync(() => stranger.listen({ resourceSubscriptions: ['crewd://outcomes/../../etc'] }), { message: /is not an outcome of this workspace/ });

  // The owner's listen is acknowledged and hears the outcome's next event.
  const updates: string[] = [];
  owner.setNotificationHandler('notifications/resources/updated', async (notification) => void updates.push(notification.params.uri));
  const subscription = await owner.listen({ resourceSubscriptions: [uri] });
  t.teardown(() => subscription.close());
  t.deepEqual(subscription.honoredFilter.resourceSubscriptions, [uri]);
  await owner.callTool({ name: 'revise_outcome', arguments: { outcome_id: id, feedback: 'Make it shorter and friendlier.' } });
  await owner.callTool({ name: 'get_outcome', arguments: { outcome_id: id } });
  await until(async () => (updates.length > 0 ? true : undefined), 'an update notification of the owned outcome', 30_000);
  t.true(updates.every((u) => u === uri));
});

test('1,025 listens from one workspace leave another workspace room to listen, with a clear refusal past the caps', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const other = await otherWorkspace(server, 'flooder');
  const floodKeys = await Promise.all([1, 2, 3].map(() => keyOf(server, other, ['crews:write', 'outcomes:read'])));
  const flooders = await Promise.all(floodKeys.map((key) => modernClient(t, server, key)));
  const target = (await flooders[0]!.callTool({ name: 'deploy_crew', arguments: { crew: 'writer', brief, wait: false } })).structuredContent as Structured;
  const targetUri = `crewd://outcomes/${target.id}`;
  const refusals: string[] = [];
  let open = 0;
  for (let round = 0; round < 1025; round += 25) {
    await Promise.all(
      Array.from({ length: Math.min(25, 1025 - round) }, (_, i) =>
        flooders[(round + i) % 3]!.listen({ resourceSubscriptions: [targetUri] }).then(
          () => void (open += 1),
          (error: Error) => void refusals.push(error.message),
        ),
      ),
    );
  }
  t.is(open, 100, 'the flooding workspace holds its cap of 100 listens');
  t.is(refusals.length, 925);
  t.regex(refusals[0]!, /Subscription limit reached.*this (API key|workspace) already holds (50|100) open subscriptions\/listen streams \(CREWD_MCP_LISTENS_PER_(KEY|WORKSPACE)\)/);

  // The default workspace still listens, and hears its own outcome.
  const { client: owner, id, uri } = await ownOutcome(t, server);
  const heard: string[] = [];
  owner.setNotificationHandler('notifications/resources/updated', async (notification) => void heard.push(notification.params.uri));
  const subscription = await owner.listen({ resourceSubscriptions: [uri] });
  t.teardown(() => subscription.close());
  await owner.callTool({ name: 'revise_outcome', arguments: { outcome_id: id, feedback: 'Make it shorter and friendlier.' } });
  await until(async () => (heard.includes(uri) ? true : undefined), 'an update notification of the owned outcome', 30_000);
  t.pass();
});

test('1,002 sessions from one workspace (2025-11-25) do not evict another workspace session; past the workspace cap the refusal says why', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  // The default workspace's session, opened first (the oldest in the process).
  const legacy = new LegacyClient({ name: 'crewd-tenant-legacy', version: '1.0.0' });
  await legacy.connect(new LegacyTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${server.key}` } } }));
  t.teardown(() => legacy.close());

  const other = await otherWorkspace(server, 'session-flooder');
  const floodKeys = await Promise.all([1, 2, 3].map(() => keyOf(server, other, ['outcomes:read'])));
  const statuses = new Map<number, number>();
  const refusals: string[] = [];
  for (let round = 0; round < 1002; round += 25) {
    await Promise.all(
      Array.from({ length: 25 }, async (_, i) => {
        const response = await fetch(`${server.url}/mcp`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', Authorization: `Bearer ${floodKeys[(round + i) % 3]}` },
          body: JSON.stringify({ jsonrpc: '2.0', id: round + i, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'flood', version: '1' } } }),
        });
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        const text = await response.text();
        if (response.status === 429) refusals.push((JSON.parse(text) as Structured).error.message);
      }),
    );
  }
  t.true((statuses.get(429) ?? 0) > 0, `some sessions were refused: ${JSON.stringify([...statuses])}`);
  t.regex(refusals[0]!, /this workspace already holds 100 open MCP sessions \(CREWD_MCP_SESSIONS_PER_WORKSPACE\)/);
  // The default workspace's session is still there and answers.
  t.is((await legacy.listTools()).tools.length, 7);
});

/** A raw 2025-11-25 initialize with `key`; the status and the session id it gave, if any. */
async function initialize(server: TestServer, key: string): Promise<{ status: number; sessionId: string | null; text: string }> {
  const response = await fetch(`${server.url}/mcp`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', Authorization: `Bearer ${key}` },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'caps', version: '1' } } }),
  });
  return { status: response.status, sessionId: response.headers.get('mcp-session-id'), text: await response.text() };
}

/** tools/list on a session: 200 while it lives, 404 once closed. */
async function listOn(server: TestServer, key: string, sessionId: string): Promise<number> {
  const response = await fetch(`${server.url}/mcp`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', Authorization: `Bearer ${key}`, 'Mcp-Session-Id': sessionId, 'MCP-Protocol-Version': '2025-11-25' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} }),
  });
  await response.text();
  return response.status;
}

test('a key at its session cap closes its own oldest session; a workspace at its cap is refused until a session goes idle', async (t) => {
  let offsetMs = 0;
  const clock = { now: () => new Date(Date.now() + offsetMs) };
  const server = await startServer({ CREWD_MCP_SESSIONS_PER_KEY: '2', CREWD_MCP_SESSIONS_PER_WORKSPACE: '3', CREWD_MCP_MAX_SESSIONS: '10', CREWD_MCP_SESSION_IDLE_MS: '60000' }, { clock });
  t.teardown(() => server.close());
  const workspace = await otherWorkspace(server, 'capped');
  const [k1, k2] = await Promise.all([keyOf(server, workspace, ['outcomes:read']), keyOf(server, workspace, ['outcomes:read'])]);
  const first = await initialize(server, k1);
  const second = await initialize(server, k1);
  const third = await initialize(server, k1);
  t.deepEqual([first.status, second.status, third.status], [200, 200, 200]);
  t.is(await listOn(server, k1, first.sessionId!), 404, "k1's oldest session made room for its third");
  t.is(await listOn(server, k1, second.sessionId!), 200);
  const other = await initialize(server, k2);
  t.is(other.status, 200);
  const refused = await initialize(server, k2);
  t.is(refused.status, 429);
  t.regex((JSON.parse(refused.text) as Structured).error.message, /this workspace already holds 3 open MCP sessions \(CREWD_MCP_SESSIONS_PER_WORKSPACE\)/);
  t.is(await listOn(server, k1, second.sessionId!), 200, 'a refusal closes nobody');

  // An hour later the idle sessions are closed when room is needed.
  offsetMs += 3_600_000;
  const later = await initialize(server, k2);
  t.is(later.status, 200, later.text);
  t.is(await listOn(server, k1, third.sessionId!), 404);
});
