import test from 'ava';
import type { Tool } from '@modelcontextprotocol/client';
import { callToolAsExtensionTask, tasksExtension, type ExtensionTaskTarget } from '../../../../runtime/tools/tasks/callToolAsExtensionTask.js';
import { ToolTaskError } from '../../../../runtime/tools/tasks/callToolAsTask.js';
import { createTaskPolicy } from '../../../../runtime/tools/tasks/taskPolicy.js';
import { classifyMcpError } from '../../../../runtime/tools/errors.js';
import { startServer, type TestServer } from '../../../helpers/server.js';
import { until } from '../../../helpers/until.js';

/**
 * crewd's MCP client calling a 2026-07-28 server's tool as a task through the
 * `io.modelcontextprotocol/tasks` extension. The server here is a real crewd `/mcp`, whose
 * `deploy_crew` answers a task to a client that declares the extension; every request the client
 * sends is recorded off the wire (its `Mcp-Method` header).
 */
function targetOf(server: TestServer, key = server.key): { target: ExtensionTaskTarget; methods: string[] } {
  const methods: string[] = [];
  const target: ExtensionTaskTarget = {
    url: `${server.url}/mcp`,
    headers: { Authorization: `Bearer ${key}` },
    clientInfo: { name: 'crewd-test', version: '1' },
    fetch: async (input, init) => {
      methods.push(String(new Headers(init?.headers).get('Mcp-Method')));
      return fetch(input, init);
    },
  };
  return { target, methods };
}

const brief = 'Write a blog post about planning a vegetable garden in raised beds';

test('a tool the 2026-07-28 server runs as a task is created, polled with tasks/get and its inline result returned', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const { target, methods } = targetOf(server);
  const result = await callToolAsExtensionTask(target, 'deploy_crew', { crew: 'writer', brief }, { timeoutMs: 120_000, meta: { 'io.crewd/call_key': 'k1' } });
  t.falsy(result.isError, JSON.stringify(result).slice(0, 500));
  const outcome = result.structuredContent as { id: string; status: string; result: { content: string } };
  t.is(outcome.status, 'completed');
  t.true(outcome.result.content.length > 100);
  t.is(methods[0], 'tools/call');
  t.true(methods.slice(1).length >= 1 && methods.slice(1).every((method) => method === 'tasks/get'), methods.join(','));
  t.is((await server.call('GET', `/v1/outcomes/${outcome.id}`)).body.status, 'completed');
});

test('a task that asks for input a crew cannot give is cancelled on the server and the call fails saying so', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const { target, methods } = targetOf(server);
  const error = await t.throwsAsync(() => callToolAsExtensionTask(target, 'deploy_crew', { crew: 'writer', brief, approvals: { before_completion: true } }, { timeoutMs: 120_000 }), { instanceOf: ToolTaskError });
  t.regex(error!.message, /asks for input a crew cannot give/);
  t.is(methods.at(-1), 'tasks/cancel');
  const id = (error as ToolTaskError).taskId;
  await until(async () => ((await server.call('GET', `/v1/outcomes/${id}`)).body.status === 'failed' ? true : undefined), 'the outcome to be cancelled');
});

test('past the wall limit the task is cancelled and the call is a timeout; a refused key is auth_required', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const { target, methods } = targetOf(server);
  const error = await t.throwsAsync(() => callToolAsExtensionTask(target, 'deploy_crew', { crew: 'writer', brief, approvals: { before_integrations: true, before_completion: true } }, { timeoutMs: 1_500, now: Date.now }));
  // Either the deadline passed while working, or the task asked for input first: both cancel it.
  t.true(['timeout', 'protocol_error'].includes(classifyMcpError(error).reason) || error instanceof ToolTaskError, String(error));
  t.is(methods.at(-1), 'tasks/cancel');
  const refused = await t.throwsAsync(() => callToolAsExtensionTask(targetOf(server, 'crew_sk_not_a_key_at_all_0000000000').target, 'deploy_crew', { crew: 'writer', brief }, { timeoutMs: 10_000 }));
  t.is(classifyMcpError(refused).reason, 'auth_required');
});

test('the task policy calls a tool as a task through the extension when the server lists it', (t) => {
  const tools = [{ name: 'slow', inputSchema: { type: 'object' }, execution: { taskSupport: 'required' } }, { name: 'quick', inputSchema: { type: 'object' } }] as Tool[];
  const modern = createTaskPolicy();
  modern.learn(tools, { extensions: { [tasksExtension]: {} } });
  t.true(modern.useTask('slow'));
  t.false(modern.useTask('quick'));
  t.true(modern.viaExtension());
  const legacy = createTaskPolicy();
  legacy.learn(tools, { tasks: { requests: { tools: { call: {} } } } });
  t.true(legacy.useTask('slow'));
  t.false(legacy.viaExtension());
  const none = createTaskPolicy();
  none.learn(tools, {});
  t.false(none.useTask('slow'));
});
