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
async function elicitingClient(t: Teardown, server: TestServer, answer: (params: Structured) => Answer) {
  const asked: Structured[] = [];
  const client = new Client({ name: 'crewd-elicit', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } } });
  client.setRequestHandler('elicitation/create', async (request) => {
    asked.push(request.params as Structured);
    return answer(request.params as Structured);
  });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${server.key}` } } }));
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

test('2025-11-25: a reject answered through elicitation fails the outcome with rejected_by_reviewer', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const { client } = await elicitingClient(t, server, () => ({ action: 'accept', content: { decision: 'reject', comment: 'wrong audience' } }));
  const taskId = await deployAsTask(client);
  await waitForAction(server, taskId);
  const result = (await client.request({ method: 'tasks/result', params: { taskId } }, anyResult, { timeout: 120_000 })) as Structured;
  t.true(result.isError);
  t.like(result.structuredContent, { status: 'failed', error: { code: 'rejected_by_reviewer' } });
});
