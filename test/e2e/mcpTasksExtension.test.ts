import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import test from 'ava';
import { z } from 'zod';
import type { Scope } from '../../runtime/auth/scopes.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { until } from '../helpers/until.js';
import { waitForAction } from './approvalsHelpers.js';

type Structured = Record<string, any>;
type Teardown = { teardown(fn: () => unknown): void };
const brief = 'Write a blog post about planning a vegetable garden in raised beds';
const extension = 'io.modelcontextprotocol/tasks';
const anyResult = z.record(z.string(), z.unknown());

/** A 2026-07-28 SDK client that declares the tasks extension on every request. */
async function tasksClient(t: Teardown, server: TestServer, key = server.key) {
  const client = new Client({ name: 'crewd-tasks-ext', version: '1.0.0' }, { capabilities: { extensions: { [extension]: {} } }, versionNegotiation: { mode: 'auto' } } as never);
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${key}` } } }));
  t.teardown(() => client.close());
  return client;
}

/**
 * One 2026-07-28 request as its wire shows it (envelope in `_meta`, routing headers). The task-creating
 * `tools/call` goes this way: the SDK 2.4.0 client does not decode `resultType: "task"` yet (it
 * rejects the answer as an unsupported result type).
 */
async function rawCall(server: TestServer, method: string, params: Record<string, unknown>, options: { key?: string; extension?: boolean } = {}): Promise<Structured> {
  const capabilities = options.extension === false ? {} : { extensions: { [extension]: {} } };
  const name = typeof params.name === 'string' ? params.name : typeof params.taskId === 'string' ? params.taskId : undefined;
  const response = await fetch(`${server.url}/mcp`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', Authorization: `Bearer ${options.key ?? server.key}`, 'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': method, ...(name ? { 'Mcp-Name': name } : {}) },
    body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params: { ...params, _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' }, 'io.modelcontextprotocol/clientCapabilities': capabilities } } }),
  });
  const text = await response.text();
  const json = response.headers.get('content-type')?.includes('text/event-stream') ? text.split('\n').filter((line) => line.startsWith('data: ')).map((line) => JSON.parse(line.slice(6))).find((message) => message.id === 7) : JSON.parse(text);
  return json as Structured;
}

async function keyOf(server: TestServer, workspaceId: string, permissions: Scope[]): Promise<string> {
  return (await server.runtime.keys.create({ workspaceId, name: `k${permissions.length}${Math.random()}`, permissions })).secret;
}

const getTask = async (client: Client, taskId: string) => (await client.request({ method: 'tasks/get', params: { taskId } }, anyResult)) as Structured;

test('2026-07-28: server/discover advertises the tasks extension; deploy_crew answers a task that asks for input, tasks/update approves it and tasks/get polls to the result', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const discover = await rawCall(server, 'server/discover', {});
  t.deepEqual(discover.result.capabilities.extensions?.[extension], {}, JSON.stringify(discover));

  const created = await rawCall(server, 'tools/call', { name: 'deploy_crew', arguments: { crew: 'writer', brief, approvals: { before_completion: true } } });
  t.like(created.result, { resultType: 'task', status: 'working', ttlMs: null, pollIntervalMs: 1000 }, JSON.stringify(created));
  const taskId = created.result.taskId as string;
  t.regex(taskId, /^out_/);
  t.is(created.result.structuredContent.id, taskId);

  const client = await tasksClient(t, server);
  // Polling: working until the result waits for a person, then input_required with one form elicitation.
  const first = await getTask(client, taskId);
  t.is(first.taskId, taskId);
  t.true(['working', 'input_required'].includes(first.status), first.status);
  const asking = await until(async () => {
    const task = await getTask(client, taskId);
    return task.status === 'input_required' ? task : undefined;
  }, 'the task to ask for input');
  const action = (await waitForAction(server, taskId)).pending_action;
  t.deepEqual(Object.keys(asking.inputRequests), [action.id]);
  const question = asking.inputRequests[action.id];
  t.is(question.method, 'elicitation/create');
  t.like(question.params, { mode: 'form', requestedSchema: { type: 'object', required: ['decision'] } });
  t.deepEqual(question.params.requestedSchema.properties.decision.enum, ['approve', 'reject']);
  t.true(question.params.message.includes(action.id));
  t.regex(asking.statusMessage, /tasks\/update/);

  // tasks/result and tasks/list belong to 2025-11-25 only.
  const result = await rawCall(server, 'tasks/result', { taskId });
  t.is(result.error?.code, -32601, JSON.stringify(result));
  const listed = await rawCall(server, 'tasks/list', {});
  t.is(listed.error?.code, -32601, JSON.stringify(listed));

  // An unknown key is ignored; the outstanding one approves, with a comment and an edited result.
  const ack = await client.request({ method: 'tasks/update', params: { taskId, inputResponses: { act_unknown: { action: 'accept', content: { decision: 'reject' } } } } } as never, anyResult);
  t.deepEqual(Object.keys(ack).filter((key) => key !== '_meta'), []);
  t.is((await getTask(client, taskId)).status, 'input_required');
  // A form that is no decision is refused as invalid params, in the REST route's words, and decides nothing.
  await t.throwsAsync(() => client.request({ method: 'tasks/update', params: { taskId, inputResponses: { [action.id]: { action: 'accept', content: { decision: 'maybe' } } } } } as never, anyResult), { code: -32602, message: /not a decision: .*decision/ } as never);
  t.is((await getTask(client, taskId)).status, 'input_required');
  const edited = '# Raised beds\n\nEdited by the reviewer from the MCP client.';
  await client.request({ method: 'tasks/update', params: { taskId, inputResponses: { [action.id]: { action: 'accept', content: { decision: 'approve', comment: 'looks right', content: edited } } } } } as never, anyResult);
  const done = await until(async () => {
    const task = await getTask(client, taskId);
    return task.status === 'completed' ? task : undefined;
  }, 'the task to complete');
  t.falsy(done.result.isError);
  t.is(done.result.structuredContent.status, 'completed');
  t.is(done.result.structuredContent.result.content, edited);
  const outcome = await server.call('GET', `/v1/outcomes/${taskId}`);
  t.is(outcome.body.status, 'completed');
});

test('2026-07-28: a reject through tasks/update fails the outcome with rejected_by_reviewer; the task completes with an error result', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const created = await rawCall(server, 'tools/call', { name: 'deploy_crew', arguments: { crew: 'writer', brief, approvals: { before_completion: true } } });
  const taskId = created.result.taskId as string;
  const action = (await waitForAction(server, taskId)).pending_action;
  const client = await tasksClient(t, server);
  await client.request({ method: 'tasks/update', params: { taskId, inputResponses: { [action.id]: { action: 'accept', content: { decision: 'reject', comment: 'too long' } } } } } as never, anyResult);
  const done = await until(async () => {
    const task = await getTask(client, taskId);
    return task.status === 'completed' ? task : undefined;
  }, 'the task to end');
  t.true(done.result.isError);
  t.like(done.result.structuredContent, { status: 'failed', error: { code: 'rejected_by_reviewer' } });
});

test('2026-07-28: another workspace cannot see, answer or cancel the task; a client without the extension gets -32021 and no task', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const created = await rawCall(server, 'tools/call', { name: 'deploy_crew', arguments: { crew: 'writer', brief, approvals: { before_completion: true } } });
  const taskId = created.result.taskId as string;
  const action = (await waitForAction(server, taskId)).pending_action;

  const other = (await server.runtime.workspaces.create({ name: 'stranger', plan: 'enterprise' })).id;
  const stranger = await tasksClient(t, server, await keyOf(server, other, ['crews:read', 'crews:write', 'outcomes:read', 'outcomes:write']));
  await t.throwsAsync(() => getTask(stranger, taskId), { message: /not found in this workspace/ });
  await t.throwsAsync(() => stranger.request({ method: 'tasks/update', params: { taskId, inputResponses: { [action.id]: { action: 'accept', content: { decision: 'approve' } } } } } as never, anyResult), { message: /not found in this workspace/ });
  await t.throwsAsync(() => stranger.request({ method: 'tasks/cancel', params: { taskId } }, anyResult), { message: /not found in this workspace/ });
  // A key of the same workspace that may only read can poll but not answer.
  const reader = await tasksClient(t, server, await keyOf(server, server.workspaceId, ['outcomes:read']));
  t.is((await getTask(reader, taskId)).status, 'input_required');
  await t.throwsAsync(() => reader.request({ method: 'tasks/update', params: { taskId, inputResponses: { [action.id]: { action: 'accept', content: { decision: 'approve' } } } } } as never, anyResult), { message: /outcomes:write/ });
  t.like((await server.call('GET', `/v1/outcomes/${taskId}`)).body.pending_action, { id: action.id });

  // Without the extension: tasks/get is refused with -32021, and deploy_crew answers the outcome itself.
  const bare = await rawCall(server, 'tasks/get', { taskId }, { extension: false });
  t.is(bare.error?.code, -32021, JSON.stringify(bare));
  const direct = await rawCall(server, 'tools/call', { name: 'deploy_crew', arguments: { crew: 'writer', brief, wait: false } }, { extension: false });
  t.is(direct.result.resultType, 'complete');
  t.is(direct.result.structuredContent.status, 'processing');

  // The owner cancels: acknowledged, and the task ends cancelled.
  const owner = await tasksClient(t, server);
  const cancelled = await owner.request({ method: 'tasks/cancel', params: { taskId } }, anyResult);
  t.deepEqual(Object.keys(cancelled).filter((key) => key !== '_meta'), []);
  t.is((await until(async () => ((await getTask(owner, taskId)).status === 'cancelled' ? true : undefined), 'the task cancelled')) as boolean, true);
});
