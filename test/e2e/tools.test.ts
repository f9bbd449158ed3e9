import { createRequire } from 'node:module';
import test from 'ava';
import { startServer, type TestServer } from '../helpers/server.js';
import { startHttpToolServer } from '../runtime/tools/fixtures/httpToolServer.js';
import { until } from '../helpers/until.js';

const require = createRequire(import.meta.url);
const everything = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
const fastTools = { settings: { reconnect: { baseDelayMs: 50, maxDelayMs: 200, maxAttempts: 3 }, healthCheckMs: 100 } };

function connections(server: TestServer, workspaceId = server.workspaceId, key?: string) {
  return server.call('GET', `/api/mcp/connections?workspace_id=${workspaceId}`, key ? { key } : {});
}

test.serial('the reference server over stdio: connect, discover, call, log, analyse, disconnect', async (t) => {
  const server = await startServer({ CREWD_MCP_STDIO_ALLOW: process.execPath }, { tools: fastTools });
  t.teardown(() => server.close());
  const connect = await server.call('POST', `/api/mcp/connect?workspace_id=${server.workspaceId}`, {
    body: { server_type: 'custom', server_name: 'everything', params: { command: process.execPath, args: [everything, 'stdio'] } },
  });
  t.is(connect.status, 201, JSON.stringify(connect.body));
  t.is(connect.body.status, 'connected');
  t.true(connect.body.tools_available > 0);
  t.true(connect.body.tools.some((tool: { name: string }) => tool.name === 'echo'));

  const tools = await server.runtime.tools.service.tools(server.workspaceId);
  t.true(tools.some((tool) => tool.name === 'everything__echo'));
  const result = await server.runtime.tools.service.call(server.workspaceId, 'everything__echo', { message: 'hello tools' }, { agentName: 'ResearchAgent', outcomeId: 'out_test' });
  t.false(result.isError, result.content);
  t.regex(result.content, /hello tools/);

  const list = await connections(server);
  t.is(list.status, 200);
  t.is(list.body.total_count, 1);
  const [connection] = list.body.connections;
  t.is(connection.connection_status, 'active');
  t.is(connection.total_tool_calls, 1);
  t.is(connection.workspace_id, server.workspaceId);
  t.truthy(connection.last_connected_at);
  t.is(connection.status_detail.state, 'active');

  const [logged] = await server.runtime.repos.toolCalls.list(server.workspaceId);
  t.like(logged, { tool_name: 'echo', agent_name: 'ResearchAgent', outcome_id: 'out_test', success: true });
  t.deepEqual(JSON.parse(logged!.input), { message: 'hello tools' });
  t.true(logged!.execution_time_ms >= 0);

  const analytics = await server.call('GET', `/api/mcp/analytics/${server.workspaceId}`);
  t.is(analytics.status, 200);
  t.is(analytics.body.total_connections, 1);
  t.like(analytics.body.analytics[0], { server_type: 'custom', total_tool_calls: 1, unique_tools_used: 1, success_rate_percent: 100, usage_count_last_30d: 1 });

  const gone = await server.call('DELETE', `/api/mcp/disconnect/${connection.id}?workspace_id=${server.workspaceId}`);
  t.deepEqual(gone.body, { status: 'disconnected', connection_id: connection.id });
  const after = await connections(server);
  t.is(after.body.connections[0].connection_status, 'disconnected');
  t.deepEqual(after.body.connections[0].available_tools, []);
  t.deepEqual(await server.runtime.tools.service.tools(server.workspaceId), []);
});

test.serial('a stdio command off the allowlist is refused with a 400 naming params.command', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const answer = await server.call('POST', `/api/mcp/connect?workspace_id=${server.workspaceId}`, {
    body: { server_type: 'custom', server_name: 'shell', params: { command: '/bin/sh', args: ['-c', 'true'] } },
  });
  t.is(answer.status, 400);
  t.is(answer.body.error.details.field, 'params.command');
});

test.serial('a 2026-07-28 server over Streamable HTTP: a tool added later reaches agents on their next step', async (t) => {
  const tools = await startHttpToolServer();
  const server = await startServer({}, { tools: fastTools });
  t.teardown(async () => {
    await server.close();
    await tools.close();
  });
  const connect = await server.call('POST', `/api/mcp/connect?workspace_id=${server.workspaceId}`, {
    body: { server_type: 'custom', server_name: 'loop', params: { url: tools.url } },
  });
  t.is(connect.status, 201, JSON.stringify(connect.body));
  t.deepEqual(connect.body.tools.map((tool: { name: string }) => tool.name), ['echo', 'slow']);
  const live = server.runtime.tools.connections.get(connect.body.connection_id)!;
  t.is(live.session()!.era(), 'modern');
  const firstCatalog = await server.runtime.repos.toolCatalogs.get(connect.body.connection_id);

  tools.addTool('lookup');
  const names = await until(async () => {
    const list = (await server.runtime.tools.service.tools(server.workspaceId, { outcomeId: 'out_seen' })).map((tool) => tool.name);
    return list.includes('loop__lookup') ? list : undefined;
  }, 'the added tool');
  t.deepEqual(names.sort(), ['loop__echo', 'loop__lookup', 'loop__slow']);
  const catalog = await server.runtime.repos.toolCatalogs.get(connect.body.connection_id);
  t.is(catalog!.version, firstCatalog!.version + 1);
  t.true((await server.runtime.repos.toolCatalogs.seenBy(server.workspaceId, 'out_seen')).some((seen) => seen.version === catalog!.version));

  const result = await server.runtime.tools.service.call(server.workspaceId, 'loop__lookup', { query: 'tidal energy' }, { agentName: 'ResearchAgent', outcomeId: 'out_seen' });
  t.is(result.content, 'lookup found 3 facts about tidal energy');
  t.false(result.isError);
});

test.serial('a discovery that finishes after the disconnect brings no tools back', async (t) => {
  const tools = await startHttpToolServer();
  const server = await startServer({}, { tools: fastTools });
  t.teardown(async () => {
    await server.close();
    await tools.close();
  });
  const connect = await server.call('POST', `/api/mcp/connect?workspace_id=${server.workspaceId}`, { body: { server_type: 'custom', server_name: 'late', params: { url: tools.url } } });
  t.is(connect.status, 201);
  const id = connect.body.connection_id;
  // A tools/list answered while the disconnect ran (a slow server, a list_changed refresh): its store comes last.
  const { connectStep } = server.runtime.tools.connections.get(id)!;
  const gone = await server.call('DELETE', `/api/mcp/disconnect/${id}?workspace_id=${server.workspaceId}`);
  t.is(gone.status, 200);
  await connectStep.storeCatalog([{ name: 'echo', description: 'late', inputSchema: { type: 'object' } }], null);

  const [listed] = (await connections(server)).body.connections;
  t.is(listed.connection_status, 'disconnected');
  t.deepEqual(listed.available_tools, []);
  t.deepEqual(await server.runtime.tools.service.tools(server.workspaceId), []);
  t.is(await server.runtime.repos.toolCatalogs.get(id), undefined);
});

test.serial('a server that goes away is reconnected when it returns, and ends in error when it does not', async (t) => {
  const tools = await startHttpToolServer();
  const server = await startServer({}, { tools: fastTools });
  t.teardown(async () => {
    await server.close();
    await tools.close();
  });
  const connect = await server.call('POST', `/api/mcp/connect?workspace_id=${server.workspaceId}`, { body: { server_type: 'custom', server_name: 'flaky', params: { url: tools.url } } });
  t.is(connect.status, 201);
  const id = connect.body.connection_id;
  const detail = async () => (await connections(server)).body.connections.find((c: { id: string }) => c.id === id);

  await tools.kill();
  const reconnecting = await until(async () => {
    const c = await detail();
    return c.status_detail.state === 'reconnecting' ? c : undefined;
  }, 'reconnecting');
  t.is(reconnecting.connection_status, 'active');
  t.truthy(reconnecting.status_detail.next_retry_at);
  t.truthy(reconnecting.status_detail.last_error);

  await tools.restart();
  await until(async () => (await detail()).status_detail.state === 'active', 'active again', 10_000);
  const result = await server.runtime.tools.service.call(server.workspaceId, 'flaky__echo', { text: 'back' }, { agentName: null, outcomeId: null });
  t.is(result.content, 'echo: back');

  await tools.kill();
  const failed = await until(async () => {
    const c = await detail();
    return c.connection_status === 'error' ? c : undefined;
  }, 'error');
  t.is(failed.status_detail.state, 'error');
  t.is(failed.status_detail.reason, 'retries_exhausted');
});

test.serial('a 401 from the tool server is auth_required: refused at connect, and a live connection goes straight to error', async (t) => {
  const tools = await startHttpToolServer({ token: 'right-token' });
  const server = await startServer({}, { tools: fastTools });
  t.teardown(async () => {
    await server.close();
    await tools.close();
  });
  const refused = await server.call('POST', `/api/mcp/connect?workspace_id=${server.workspaceId}`, {
    body: { server_type: 'custom', server_name: 'locked', credentials: { access_token: 'wrong-token' }, params: { url: tools.url } },
  });
  t.is(refused.status, 400);
  t.is(refused.body.error.code, 'tool_auth_failed');
  t.is(refused.body.error.details.reason, 'auth_required');
  t.false(JSON.stringify(refused.body).includes('wrong-token'));
  t.is((await connections(server)).body.total_count, 0);

  const accepted = await server.call('POST', `/api/mcp/connect?workspace_id=${server.workspaceId}`, {
    body: { server_type: 'custom', server_name: 'locked', credentials: { access_token: 'right-token' }, params: { url: tools.url } },
  });
  t.is(accepted.status, 201);
  const stored = await server.runtime.repos.toolConnections.get(server.workspaceId, accepted.body.connection_id);
  t.false(stored!.credentials!.includes('right-token'));
  t.false(JSON.stringify((await connections(server)).body).includes('right-token'));

  tools.setToken('rotated-token');
  const failed = await until(async () => {
    const c = (await connections(server)).body.connections[0];
    return c.connection_status === 'error' ? c : undefined;
  }, 'auth error');
  t.is(failed.status_detail.reason, 'auth_required');
});

test.serial('connect answers 409 for a duplicate name, 404 for another workspace, 502 for an unreachable server', async (t) => {
  const tools = await startHttpToolServer();
  const server = await startServer({}, { tools: fastTools });
  t.teardown(async () => {
    await server.close();
    await tools.close();
  });
  const body = { server_type: 'custom', server_name: 'dup', params: { url: tools.url } };
  t.is((await server.call('POST', `/api/mcp/connect?workspace_id=${server.workspaceId}`, { body })).status, 201);
  const again = await server.call('POST', `/api/mcp/connect?workspace_id=${server.workspaceId}`, { body });
  t.is(again.status, 409);
  t.is(again.body.error.code, 'connection_exists');
  const elsewhere = await server.call('POST', `/api/mcp/connect?workspace_id=00000000-0000-0000-0000-000000000000`, { body: { ...body, server_name: 'other' } });
  t.is(elsewhere.status, 404);
  t.is((await server.call('GET', `/api/mcp/analytics/not-mine`)).status, 404);
  const unreachable = await server.call('POST', `/api/mcp/connect?workspace_id=${server.workspaceId}`, { body: { server_type: 'custom', server_name: 'nowhere', params: { url: 'http://127.0.0.1:9/mcp' } } });
  t.is(unreachable.status, 502);
  t.is(unreachable.body.error.code, 'tool_server_unreachable');
});

test.serial('private URLs are refused unless CREWD_ALLOW_PRIVATE_URLS is set', async (t) => {
  const server = await startServer({ CREWD_ALLOW_PRIVATE_URLS: '0' });
  t.teardown(() => server.close());
  const answer = await server.call('POST', `/api/mcp/connect?workspace_id=${server.workspaceId}`, { body: { server_type: 'custom', server_name: 'x', params: { url: 'http://127.0.0.1:1234/mcp' } } });
  t.is(answer.status, 400);
  t.is(answer.body.error.details.field, 'params.url');
});

test.serial('a tool that times out three times in a row is quarantined; its server and other tools stay up', async (t) => {
  const tools = await startHttpToolServer();
  const server = await startServer({}, { tools: { settings: { ...fastTools.settings, healthCheckMs: 60_000, callTimeoutMs: 200 } } });
  t.teardown(async () => {
    await server.close();
    await tools.close();
  });
  t.is((await server.call('POST', `/api/mcp/connect?workspace_id=${server.workspaceId}`, { body: { server_type: 'custom', server_name: 'q', params: { url: tools.url } } })).status, 201);
  const { service } = server.runtime.tools;
  for (let i = 0; i < 3; i++) {
    const result = await service.call(server.workspaceId, 'q__slow', { ms: 2000 }, { agentName: 'A', outcomeId: null });
    t.true(result.isError);
  }
  const names = (await service.tools(server.workspaceId)).map((tool) => tool.name);
  t.false(names.includes('q__slow'));
  t.true(names.includes('q__echo'));
  const refused = await service.call(server.workspaceId, 'q__slow', { ms: 1 }, { agentName: 'A', outcomeId: null });
  t.regex(refused.content, /paused after repeated timeouts/);
  t.is((await service.call(server.workspaceId, 'q__echo', { text: 'up' }, { agentName: 'A', outcomeId: null })).content, 'echo: up');
  const logged = await server.runtime.repos.toolCalls.list(server.workspaceId);
  t.is(logged.filter((row) => row.tool_name === 'slow' && !row.success).length, 3);
});

test.serial('two workspaces neither see, call nor analyse each other\'s connections', async (t) => {
  const tools = await startHttpToolServer();
  const server = await startServer({}, { tools: fastTools });
  t.teardown(async () => {
    await server.close();
    await tools.close();
  });
  const other = await server.runtime.workspaces.create({ name: 'other', plan: 'pro' });
  const { secret } = await server.runtime.keys.create({ workspaceId: other.id, name: 'k', permissions: ['integrations:read', 'integrations:write', 'admin:read'] });
  const otherId = other.id;
  t.is((await server.call('POST', `/api/mcp/connect?workspace_id=${server.workspaceId}`, { body: { server_type: 'custom', server_name: 'mine', params: { url: tools.url } } })).status, 201);
  await server.runtime.tools.service.call(server.workspaceId, 'mine__echo', { text: 'x' }, { agentName: null, outcomeId: null });

  const theirs = await connections(server, otherId, secret);
  t.is(theirs.status, 200);
  t.is(theirs.body.total_count, 0);
  t.is((await server.call('GET', `/api/mcp/connections?workspace_id=${server.workspaceId}`, { key: secret })).status, 404);
  const analytics = await server.call('GET', `/api/mcp/analytics/${otherId}`, { key: secret });
  t.deepEqual(analytics.body, { analytics: [], total_connections: 0 });
  t.deepEqual(await server.runtime.tools.service.tools(otherId), []);
  const call = await server.runtime.tools.service.call(otherId, 'mine__echo', { text: 'x' }, { agentName: null, outcomeId: null });
  t.true(call.isError);
});
