import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema, CreateTaskResultSchema } from '@modelcontextprotocol/sdk/types.js';
import test from 'ava';
import { startServer } from '../helpers/server.js';
import { waitForAction, waitForSettled } from './approvalsHelpers.js';

type Structured = Record<string, any>;
const brief = 'Write a blog post about planning a vegetable garden in raised beds';

test('MCP tools: deploy_crew with approvals, list_pending_actions and resolve_action on both protocol generations', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const modern = new Client({ name: 'crewd-test', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } } as never);
  await modern.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${server.key}` } } }));
  t.teardown(() => modern.close());

  const deployed = await modern.callTool({ name: 'deploy_crew', arguments: { crew: 'writer', brief, wait: false, approvals: { before_completion: true } } });
  t.falsy(deployed.isError, JSON.stringify(deployed.content));
  const id = (deployed.structuredContent as Structured).id as string;
  const action = (await waitForAction(server, id)).pending_action;

  const listed = await modern.callTool({ name: 'list_pending_actions', arguments: {} });
  t.falsy(listed.isError, JSON.stringify(listed.content));
  const page = listed.structuredContent as Structured;
  t.deepEqual(page.data.map((a: Structured) => a.id), [action.id]);
  t.is(page.data[0].kind, 'approve_result');
  t.true(page.data[0].preview.content.length > 50);

  const bad = await modern.callTool({ name: 'resolve_action', arguments: { action_id: action.id, decision: 'perhaps' } });
  t.true(bad.isError);

  // The 2025-11-25 client decides: the same tools on the older generation.
  const legacy = new LegacyClient({ name: 'crewd-test-legacy', version: '1.0.0' });
  await legacy.connect(new LegacyTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${server.key}` } } }));
  t.teardown(() => legacy.close());
  t.true((await legacy.listTools()).tools.some((tool) => tool.name === 'resolve_action'));
  const resolved = await legacy.request({ method: 'tools/call', params: { name: 'resolve_action', arguments: { action_id: action.id, decision: 'approve', comment: 'from the assistant' } } }, CallToolResultSchema);
  t.falsy(resolved.isError, JSON.stringify(resolved.content));
  t.like(resolved.structuredContent, { id: action.id, status: 'approved', comment: 'from the assistant', decided_by: { type: 'api_key' } });
  t.is((await waitForSettled(server, id)).status, 'completed');

  const again = await modern.callTool({ name: 'resolve_action', arguments: { action_id: action.id, decision: 'reject' } });
  t.true(again.isError);
  t.regex(JSON.stringify(again.content), /already/);
  t.deepEqual(((await modern.callTool({ name: 'list_pending_actions', arguments: {} })).structuredContent as Structured).data, []);
});

test('a deploy_crew task whose outcome waits for approval reports input_required until resolve_action answers it', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const client = new LegacyClient({ name: 'crewd-test-tasks', version: '1.0.0' });
  await client.connect(new LegacyTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${server.key}` } } }));
  t.teardown(() => client.close());
  const created = (await client.request({ method: 'tools/call', params: { name: 'deploy_crew', arguments: { crew: 'writer', brief, approvals: { before_completion: true } }, task: { ttl: 60_000 } } }, CreateTaskResultSchema)) as Structured;
  const taskId = created.task.taskId as string;
  const action = (await waitForAction(server, taskId)).pending_action;
  const task = await client.experimental.tasks.getTask(taskId);
  t.is(task.status, 'input_required');
  t.true(String(task.statusMessage).includes(action.id));
  const resolved = await client.request({ method: 'tools/call', params: { name: 'resolve_action', arguments: { action_id: action.id, decision: 'approve' } } }, CallToolResultSchema);
  t.falsy(resolved.isError);
  await waitForSettled(server, taskId);
  t.is((await client.experimental.tasks.getTask(taskId)).status, 'completed');
});
