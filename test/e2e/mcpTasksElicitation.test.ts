import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import test from 'ava';
import { z } from 'zod';
import { startServer, type TestServer } from '../helpers/server.js';
import { waitForAction } from './approvalsHelpers.js';

type Structured = Record<string, any>;
type Teardown = { teardown(fn: () => unknown): void };
type Answer = { action: 'accept' | 'decline' | 'cancel'; content?: Record<string, string> };
const brief = 'Write a blog post about planning a vegetable garden in raised beds';
const anyResult = z.record(z.string(), z.unknown());

/**
 * A 2025-11-25 SDK client (the 2.x client's default generation) that declares form elicitation and
 * answers each question with `answer`, recording what it was asked.
 */
async function elicitingClient(t: Teardown, server: TestServer, answer: (params: Structured) => Answer, key = server.key) {
  const asked: Structured[] = [];
  const client = new Client({ name: 'crewd-elicit', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } } });
  client.setRequestHandler('elicitation/create', async (request) => {
    asked.push(request.params as Structured);
    return answer(request.params as Structured);
  });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${key}` } } }));
  t.teardown(() => client.close());
  return { client, asked };
}

async function deployAsTask(client: Client): Promise<string> {
  const created = (await client.request({ method: 'tools/call', params: { name: 'deploy_crew', arguments: { crew: 'writer', brief, approvals: { before_completion: true } }, task: { ttl: 60_000 } } } as never, anyResult)) as Structured;
  return created.task.taskId as string;
}

test('2025-11-25: tasks/result asks the client through elicitation; an approve with an edited result completes the task', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const edited = '# Raised beds\n\nEdited in the assistant before publishing.';
  const { client, asked } = await elicitingClient(t, server, () => ({ action: 'accept', content: { decision: 'approve', comment: 'ship it', content: edited } }));
  const taskId = await deployAsTask(client);
  const action = (await waitForAction(server, taskId)).pending_action;
  t.is(((await client.request({ method: 'tasks/get', params: { taskId } }, anyResult)) as Structured).status, 'input_required');

  const result = (await client.request({ method: 'tasks/result', params: { taskId } }, anyResult, { timeout: 120_000 })) as Structured;
  t.falsy(result.isError, JSON.stringify(result.structuredContent?.error));
  t.like(result.structuredContent, { id: taskId, status: 'completed', result: { content: edited } });
  t.is(result._meta?.['io.modelcontextprotocol/related-task']?.taskId, taskId);
  t.is(asked.length, 1);
  t.like(asked[0], { mode: 'form', requestedSchema: { type: 'object', required: ['decision'] } });
  t.true(String(asked[0]!.message).includes(action.id));
  t.is(asked[0]!._meta?.['io.modelcontextprotocol/related-task']?.taskId, taskId);

  const actions = await server.call('GET', '/v1/actions?status=pending');
  t.deepEqual(actions.body.data, []);
  t.is(((await client.request({ method: 'tasks/get', params: { taskId } }, anyResult)) as Structured).status, 'completed');
});

test('2025-11-25: a reject answered through elicitation fails the outcome with rejected_by_reviewer; another workspace cannot see or answer the task', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const { client } = await elicitingClient(t, server, () => ({ action: 'accept', content: { decision: 'reject', comment: 'wrong audience' } }));
  const taskId = await deployAsTask(client);
  await waitForAction(server, taskId);

  // Another workspace's key sees no such task, and is never asked about it.
  const other = (await server.runtime.workspaces.create({ name: 'stranger', plan: 'enterprise' })).id;
  const strangerKey = (await server.runtime.keys.create({ workspaceId: other, name: 'stranger', permissions: ['crews:read', 'crews:write', 'outcomes:read', 'outcomes:write'] })).secret;
  const stranger = await elicitingClient(t, server, () => ({ action: 'accept', content: { decision: 'approve' } }), strangerKey);
  await t.throwsAsync(() => stranger.client.request({ method: 'tasks/get', params: { taskId } }, anyResult), { message: /not found in this workspace/ });
  await t.throwsAsync(() => stranger.client.request({ method: 'tasks/result', params: { taskId } }, anyResult), { message: /not found in this workspace/ });
  t.is(stranger.asked.length, 0);

  const result = (await client.request({ method: 'tasks/result', params: { taskId } }, anyResult, { timeout: 120_000 })) as Structured;
  t.true(result.isError);
  t.like(result.structuredContent, { status: 'failed', error: { code: 'rejected_by_reviewer' } });
});

test('2025-11-25: a client that did not declare elicitation is never asked; its tasks/result waits until resolve_action answers', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const client = new Client({ name: 'crewd-no-elicit', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${server.key}` } } }));
  t.teardown(() => client.close());
  const taskId = await deployAsTask(client);
  const action = (await waitForAction(server, taskId)).pending_action;
  const waiting = client.request({ method: 'tasks/result', params: { taskId } }, anyResult, { timeout: 120_000 });
  const task = (await client.request({ method: 'tasks/get', params: { taskId } }, anyResult)) as Structured;
  t.is(task.status, 'input_required');
  t.true(String(task.statusMessage).includes(`resolve_action {"action_id":"${action.id}"}`));
  const resolved = (await client.request({ method: 'tools/call', params: { name: 'resolve_action', arguments: { action_id: action.id, decision: 'approve' } } } as never, anyResult)) as Structured;
  t.falsy(resolved.isError, JSON.stringify(resolved.content));
  const result = (await waiting) as Structured;
  t.like(result.structuredContent, { id: taskId, status: 'completed' });
});
