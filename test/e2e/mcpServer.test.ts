import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema, ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import test from 'ava';
import { sharedServer, startServer, type TestServer } from '../helpers/server.js';

const brief = 'Write a short article about composting in small city apartments.';
type Structured = Record<string, any>;
// The tests share one server, but for the one that reads the workspace's latest outcome.
const shared = sharedServer();

/** The official v2 client on the 2026-07-28 protocol (stateless, per-request envelope). */
async function modernClient(t: { teardown(fn: () => unknown): void }, server: TestServer, key = server.key) {
  const client = new Client({ name: 'crewd-test', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } } as never);
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${key}` } } }));
  t.teardown(() => client.close());
  return client;
}

/** The 1.x SDK client: 2025-11-25 with initialize and an Mcp-Session-Id. */
async function legacyClient(t: { teardown(fn: () => unknown): void }, server: TestServer, key = server.key) {
  const client = new LegacyClient({ name: 'crewd-test-legacy', version: '1.0.0' });
  const transport = new LegacyTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${key}` } } });
  await client.connect(transport);
  t.teardown(() => client.close());
  return { client, transport };
}

test('without a key /mcp answers 401 in the service error shape', async (t) => {
  const server = await shared();
  const response = await fetch(`${server.url}/mcp`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x', version: '1' } } }),
  });
  t.is(response.status, 401);
  t.is(((await response.json()) as Structured).error.code, 'unauthorized');
});

test('2026-07-28 client: lists the five tools with input and output schemas, deploys with progress and reads the outcome', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const client = await modernClient(t, server);
  t.is(client.getNegotiatedProtocolVersion(), '2026-07-28');
  const { tools } = await client.listTools();
  t.deepEqual(tools.map((tool) => tool.name).sort(), ['cancel_outcome', 'deploy_crew', 'get_outcome', 'list_outcomes', 'list_pending_actions', 'resolve_action', 'revise_outcome']);
  for (const tool of tools) t.truthy(tool.outputSchema, `${tool.name} has an output schema`);
  const deploy = tools.find((tool) => tool.name === 'deploy_crew')!;
  t.deepEqual((deploy.inputSchema.required as string[]).sort(), ['brief', 'crew']);
  t.truthy((deploy.inputSchema.properties as Structured).integrations);

  const progress: Array<{ progress: number; total?: number; message?: string }> = [];
  const result = await client.callTool({ name: 'deploy_crew', arguments: { crew: 'writer', brief, requirements: { tone: 'friendly' } } }, { onprogress: (p) => void progress.push(p) });
  t.falsy(result.isError, JSON.stringify(result.content));
  const outcome = result.structuredContent as Structured;
  t.is(outcome.status, 'completed');
  t.is(typeof outcome.result.content, 'string');
  t.true(progress.length >= 1, 'at least one progress notification while waiting');
  t.true(progress.every((p) => p.total === 100));

  const read = await client.readResource({ uri: `crewd://outcomes/${outcome.id}` });
  t.is(JSON.parse((read.contents[0] as { text: string }).text).id, outcome.id);
  const listed = await client.callTool({ name: 'list_outcomes', arguments: { limit: 1 } });
  t.is((listed.structuredContent as Structured).data[0].id, outcome.id);
  const fetched = await client.callTool({ name: 'get_outcome', arguments: { outcome_id: outcome.id } });
  t.is((fetched.structuredContent as Structured).status, 'completed');
});

test('2026-07-28 client: a subscription hears an update per event of the outcome', async (t) => {
  const server = await shared();
  const client = await modernClient(t, server);
  const deployed = (await client.callTool({ name: 'deploy_crew', arguments: { crew: 'writer', brief, wait: false } })).structuredContent as Structured;
  const uri = `crewd://outcomes/${deployed.id}`;
  const updates: string[] = [];
  let resolveCompleted!: () => void;
  const completed = new Promise<void>((resolve) => (resolveCompleted = resolve));
  client.setNotificationHandler('notifications/resources/updated', async (notification) => {
    updates.push(notification.params.uri);
    const now = await client.readResource({ uri });
    if (JSON.parse((now.contents[0] as { text: string }).text).status === 'completed') resolveCompleted();
  });
  const subscription = await client.listen({ resourceSubscriptions: [uri] });
  t.teardown(() => subscription.close());
  // The outcome may have finished before the subscription opened: a revision makes more events.
  const current = JSON.parse(((await client.readResource({ uri })).contents[0] as { text: string }).text);
  if (current.status === 'completed') {
    await client.callTool({ name: 'revise_outcome', arguments: { outcome_id: deployed.id, feedback: 'Make it shorter and friendlier.' } });
  }
  await completed;
  t.true(updates.length >= 1);
  t.true(updates.every((u) => u === uri));
});

test('2025-11-25 client (SDK 1.x): session, tools, deploy with progress, subscribe and hear updates', async (t) => {
  const server = await shared();
  const { client, transport } = await legacyClient(t, server);
  t.truthy(transport.sessionId, 'the server gave a session id');
  const { tools } = await client.listTools();
  t.is(tools.length, 7);

  const progress: number[] = [];
  const result = await client.callTool({ name: 'deploy_crew', arguments: { crew: 'writer', brief } }, undefined, { onprogress: (p) => void progress.push(p.progress) });
  t.falsy(result.isError, JSON.stringify(result.content));
  const outcome = result.structuredContent as Structured;
  t.is(outcome.status, 'completed');
  t.true(progress.length >= 1);

  const uri = `crewd://outcomes/${outcome.id}`;
  const updates: string[] = [];
  let heard!: () => void;
  const heardOne = new Promise<void>((resolve) => (heard = resolve));
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, async (notification) => {
    updates.push(notification.params.uri);
    heard();
  });
  await client.subscribeResource({ uri });
  // Anything but an outcome of this workspace is refused as invalid params (-32602), in plain words.
  await t.throwsAsync(() => client.subscribeResource({ uri: 'test://watched-resource' }), { code: -32602, message: /is not an outcome of this workspace/ } as never);
  await client.callTool({ name: 'revise_outcome', arguments: { outcome_id: outcome.id, feedback: 'Make it shorter and friendlier.' } });
  await heardOne;
  t.is(updates[0], uri);
  const read = await client.readResource({ uri });
  t.is(JSON.parse((read.contents[0] as { text: string }).text).id, outcome.id);

  // Another key cannot use this session.
  const other = await fetch(`${server.url}/mcp`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'Mcp-Session-Id': transport.sessionId!, 'MCP-Protocol-Version': '2025-11-25', Authorization: `Bearer ${(await server.runtime.keys.create({ workspaceId: (await server.runtime.workspaces.create({ name: 'other', plan: 'starter' })).id, name: 'o', permissions: ['outcomes:read'] })).secret}` },
    body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list', params: {} }),
  });
  t.is(other.status, 404);
});

test('a key without crews:write gets a tool error naming the permission, on both generations', async (t) => {
  const server = await shared();
  const workspace = await server.runtime.workspaces.create({ name: 'readers', plan: 'starter' });
  const { secret } = await server.runtime.keys.create({ workspaceId: workspace.id, name: 'reader', permissions: ['outcomes:read'] });
  const modern = await modernClient(t, server, secret);
  const refused = await modern.callTool({ name: 'deploy_crew', arguments: { crew: 'writer', brief } });
  t.true(refused.isError);
  t.regex((refused.content[0] as { text: string }).text, /crews:write/);
  const { client: legacy } = await legacyClient(t, server, secret);
  const refusedToo = await legacy.callTool({ name: 'deploy_crew', arguments: { crew: 'writer', brief } });
  t.true(refusedToo.isError);
  t.regex((refusedToo.content as Array<{ text: string }>)[0]!.text, /crews:write/);
  // Nothing was deployed.
  t.is((await modern.callTool({ name: 'list_outcomes', arguments: {} }) as Structured).structuredContent.data.length, 0);
});

test('bad input is a tool error in plain words, never a crash', async (t) => {
  const server = await shared();
  const client = await modernClient(t, server);
  const missing = await client.callTool({ name: 'deploy_crew', arguments: { crew: 'writer' } });
  t.true(missing.isError);
  t.regex((missing.content[0] as { text: string }).text, /Missing required field 'brief'/);
  const badCrew = await client.callTool({ name: 'deploy_crew', arguments: { crew: 'poet', brief } });
  t.true(badCrew.isError);
  t.regex((badCrew.content[0] as { text: string }).text, /crew/);
  const shortBrief = await client.callTool({ name: 'deploy_crew', arguments: { crew: 'writer', brief: 'short' } });
  t.true(shortBrief.isError);
  t.regex((shortBrief.content[0] as { text: string }).text, /brief/i);
  const unknown = await client.callTool({ name: 'get_outcome', arguments: { outcome_id: 'out_doesnotexist' } });
  t.true(unknown.isError);
  t.regex((unknown.content[0] as { text: string }).text, /not found/);
  const extra = await client.callTool({ name: 'list_outcomes', arguments: { limit: 1000 } });
  t.true(extra.isError);
  t.regex((extra.content[0] as { text: string }).text, /limit/);
  // The server still answers.
  t.is((await client.listTools()).tools.length, 7);
});

test('2025-11-25 client (SDK 1.x): a deploy runs as a task when the client asks for one, and the task is the outcome', async (t) => {
  const server = await shared();
  const { client } = await legacyClient(t, server);
  t.truthy(client.getServerCapabilities()?.tasks?.requests?.tools?.call, 'the server says tools/call may run as a task');
  const { tools } = await client.listTools();
  t.is(tools.find((tool) => tool.name === 'deploy_crew')!.execution?.taskSupport, 'optional');

  const kinds: string[] = [];
  let taskId = '';
  let result: Structured | undefined;
  for await (const message of client.experimental.tasks.callToolStream({ name: 'deploy_crew', arguments: { crew: 'writer', brief } }, CallToolResultSchema, { task: { ttl: 60_000 } })) {
    kinds.push(message.type);
    if (message.type === 'taskCreated') taskId = message.task.taskId;
    if (message.type === 'result') result = message.result as Structured;
    if (message.type === 'error') t.fail(String(message.error));
  }
  t.is(kinds[0], 'taskCreated');
  t.is(kinds.at(-1), 'result');
  t.regex(taskId, /^out_/);
  t.is(result!.structuredContent.id, taskId);
  t.is(result!.structuredContent.status, 'completed');
  const task = await client.experimental.tasks.getTask(taskId);
  t.is(task.status, 'completed');
  // The task is the outcome: the REST API sees the same thing.
  t.is((await server.call('GET', `/v1/outcomes/${taskId}`)).body.status, 'completed');
  const listed = await client.experimental.tasks.listTasks();
  t.true(listed.tasks.some((entry) => entry.taskId === taskId));

  // Bad input makes no task, and says why.
  const refused = await client.request({ method: 'tools/call', params: { name: 'deploy_crew', arguments: { crew: 'writer' }, task: { ttl: 1000 } } }, CallToolResultSchema).then(
    () => undefined,
    (error: Error) => error,
  );
  t.regex(String(refused?.message), /Missing required field 'brief'/);
});
