import test, { type ExecutionContext } from 'ava';
import { startServer } from '../../helpers/server.js';
import { startStatefulToolServer } from './fixtures/statefulToolServer.js';

const context = { agentName: 'ResearchAgent', outcomeId: 'out_expiry' };

/** The service connected to a stateful 2025 server (both closed after the test). */
async function connected(t: ExecutionContext) {
  const tools = await startStatefulToolServer();
  const server = await startServer();
  t.teardown(async () => {
    await server.close();
    await tools.close();
  });
  const connect = await server.call('POST', `/api/mcp/connect?workspace_id=${server.workspaceId}`, { body: { server_type: 'custom', server_name: 'legacy', params: { url: tools.url } } });
  t.is(connect.status, 201, JSON.stringify(connect.body));
  return { tools, server };
}

test.serial('a 2025 session the server forgot (HTTP 404) is re-initialized once and the tool call succeeds', async (t) => {
  const { tools, server } = await connected(t);
  const [live] = await server.runtime.tools.connections.liveFor(server.workspaceId);
  t.is(live!.session()!.era(), 'legacy');
  t.is(tools.initializations, 1);

  await tools.forgetSessions();
  const result = await server.runtime.tools.service.call(server.workspaceId, 'legacy__echo', { text: 'still here' }, context);

  t.false(result.isError, result.content);
  t.is(result.content, 'echo: still here');
  // The call met a 404, one new session was initialized, and the call was sent again on it.
  const calls = tools.received.filter((r) => r.method === 'tools/call');
  t.deepEqual(calls.map((r) => r.status), [404, 200]);
  t.is(tools.initializations, 2);
  // Transparent: the connection never left active and the log shows one successful call.
  t.deepEqual(live!.detail(), { state: 'active', reason: null, next_retry_at: null, last_error: null });
  const logged = await server.runtime.repos.toolCalls.list(server.workspaceId, { outcomeId: context.outcomeId });
  t.is(logged.length, 1);
  t.true(logged[0]!.success);
});

test.serial('a second 404 right after re-initializing is an error of the call, not a loop', async (t) => {
  const { tools, server } = await connected(t);

  tools.forgetOnEveryCall = true;
  const result = await server.runtime.tools.service.call(server.workspaceId, 'legacy__echo', { text: 'lost again' }, context);

  t.true(result.isError);
  t.regex(result.content, /HTTP 404/);
  // One retry on a fresh session, then the error: two calls sent, one re-initialization.
  // (Counted up to the last call: the connection then reconnects on its own schedule.)
  const upToLastCall = tools.received.slice(0, tools.received.findLastIndex((r) => r.method === 'tools/call') + 1);
  t.deepEqual(upToLastCall.filter((r) => r.method === 'tools/call').map((r) => r.status), [404, 404]);
  t.is(upToLastCall.filter((r) => r.method === 'initialize').length, 2);
  const [logged] = await server.runtime.repos.toolCalls.list(server.workspaceId, { outcomeId: context.outcomeId });
  t.false(logged!.success);
});
