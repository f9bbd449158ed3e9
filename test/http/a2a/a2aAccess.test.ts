import type { Task } from '@a2a-js/sdk';
import test from 'ava';
import { abortError } from '../../../models/errors.js';
import { createLocalProvider } from '../../../models/local/index.js';
import type { ModelProvider } from '../../../models/types.js';
import { startServer, type TestServer } from '../../helpers/server.js';
import { a2aClient, sendRequest, textPart, userMessage } from './a2aHelpers.js';

const brief = 'Write a blog post about planning a vegetable garden in raised beds';

async function rpc(server: TestServer, path: string, body: unknown, options: { key?: string | null; version?: string } = {}) {
  const headers: Record<string, string> = options.version ? { 'A2A-Version': options.version } : {};
  return server.call('POST', path, { body, headers, key: options.key === undefined ? server.key : options.key });
}

test('no key is 401 and a key of another workspace does not find the task; a key without the scope is 403 as on REST', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const own = (await (await a2aClient(server.url, server.key)).sendMessage(sendRequest(userMessage([textPart(brief)]), true))) as Task;

  const anonymous = await rpc(server, '/a2a/writer', { jsonrpc: '2.0', id: 1, method: 'GetTask', params: { id: own.id } }, { key: null, version: '1.0' });
  t.is(anonymous.status, 401);
  t.is(anonymous.body.error.code, 'unauthorized');
  const noKeyClient = await a2aClient(server.url, null);
  await t.throwsAsync(() => noKeyClient.getTask({ tenant: '', id: own.id }), { message: /401/ });

  const other = (await server.runtime.workspaces.create({ name: 'stranger', plan: 'enterprise' })).id;
  const strangerKey = (await server.runtime.keys.create({ workspaceId: other, name: 'stranger', permissions: ['crews:read', 'crews:write', 'outcomes:read', 'outcomes:write'] })).secret;
  const stranger = await a2aClient(server.url, strangerKey);
  await t.throwsAsync(() => stranger.getTask({ tenant: '', id: own.id }), { name: 'TaskNotFoundError' });
  await t.throwsAsync(() => stranger.cancelTask({ tenant: '', id: own.id, metadata: undefined }), { name: 'TaskNotFoundError' });
  await t.throwsAsync(() => stranger.sendMessage(sendRequest(userMessage([textPart('Shorter please')], { taskId: own.id }))), { name: 'TaskNotFoundError' });
  // Another crew's agent does not serve the task either.
  await t.throwsAsync(async () => (await a2aClient(server.url, server.key, '/a2a/mind/')).getTask({ tenant: '', id: own.id }), { name: 'TaskNotFoundError' });

  const readOnly = (await server.runtime.keys.create({ workspaceId: server.workspaceId, name: 'reader', permissions: ['outcomes:read'] })).secret;
  const refused = await rpc(server, '/a2a/writer', { jsonrpc: '2.0', id: 2, method: 'SendMessage', params: { message: { messageId: 'm1', role: 'ROLE_USER', parts: [{ text: brief }] } } }, { key: readOnly, version: '1.0' });
  t.is(refused.status, 403);
  t.like(refused.body.error, { code: 'forbidden' });
  t.regex(refused.body.error.message, /crews:write/);
  const read = await rpc(server, '/a2a/writer', { jsonrpc: '2.0', id: 3, method: 'GetTask', params: { id: own.id } }, { key: readOnly, version: '1.0' });
  t.is(read.status, 200);
  t.is(read.body.result.id, own.id);
  t.is((await rpc(server, '/a2a/writer', { jsonrpc: '2.0', id: 4, method: 'CancelTask', params: { id: own.id } }, { key: readOnly, version: '1.0' })).status, 403);
});

test('bad JSON-RPC input answers JSON-RPC errors, never a 500', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const cases: Array<[unknown, number, string?]> = [
    ['{"jsonrpc":"2.0", "id": 1, "method": "SendMessage", "params": {', -32700],
    [[1, 2], -32602],
    [{ jsonrpc: '1.0', id: 1, method: 'GetTask', params: { id: 'out_x' } }, -32602],
    [{ jsonrpc: '2.0', id: 1, method: 'Nope', params: {} }, -32601],
    [{ jsonrpc: '2.0', id: 1, method: 'GetTask', params: 'out_x' }, -32602],
    [{ jsonrpc: '2.0', id: 1, method: 'GetTask', params: { id: 'out_missing' } }, -32001],
    [{ jsonrpc: '2.0', id: 1, method: 'GetTask', params: { id: '' } }, -32602],
    [{ jsonrpc: '2.0', id: 1, method: 'SendMessage', params: {} }, -32602],
    [{ jsonrpc: '2.0', id: 1, method: 'SendMessage', params: { message: { messageId: 'm', role: 'ROLE_USER', parts: [{ text: 'short' }] } } }, -32602, 'brief'],
    [{ jsonrpc: '2.0', id: 1, method: 'SendMessage', params: { message: { messageId: 'm', role: 'ROLE_USER', parts: [{ text: brief }, { data: { requirements: 'loud' } }] } } }, -32602, 'requirements'],
    [{ jsonrpc: '2.0', id: 1, method: 'CreateTaskPushNotificationConfig', params: { taskId: 'out_x', url: 'https://example.com/hook' } }, -32001, 'out_x'],
    [{ jsonrpc: '2.0', id: 1, method: 'ListTasks', params: { pageSize: 500 } }, -32602, 'pageSize'],
    [{ jsonrpc: '2.0', id: 1, method: 'ListTasks', params: { pageToken: 'nonsense' } }, -32602, 'page token'],
  ];
  for (const [body, code, words] of cases) {
    const answer = await rpc(server, '/a2a/writer', body, { version: '1.0' });
    t.is(answer.status, 200, JSON.stringify(body));
    t.is(answer.body.error?.code, code, `${JSON.stringify(body)} -> ${JSON.stringify(answer.body)}`);
    if (words) t.regex(answer.body.error.message, new RegExp(words), JSON.stringify(answer.body));
  }
  const root = await rpc(server, '/a2a', { jsonrpc: '2.0', id: 5, method: 'SendMessage', params: { message: { messageId: 'm', role: 'ROLE_USER', parts: [{ text: brief }] } } }, { version: '1.0' });
  t.is(root.body.error.code, -32602);
  t.regex(root.body.error.message, /metadata\.crew/);
  const version = await rpc(server, '/a2a/writer', { jsonrpc: '2.0', id: 6, method: 'GetTask', params: { id: 'out_x' } }, { version: '9.9' });
  t.is(version.body.error.code, -32009);
  t.is((await rpc(server, '/a2a/chef', { jsonrpc: '2.0', id: 7, method: 'GetTask', params: { id: 'out_x' } })).status, 404);
});

test('the 0.3 method names (message/send, tasks/get) answer plain JSON-RPC over fetch, and /a2a deploys the crew metadata.crew names', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const sent = await rpc(server, '/a2a', {
    jsonrpc: '2.0',
    id: 'a',
    method: 'message/send',
    params: { message: { kind: 'message', messageId: 'm-03', role: 'user', parts: [{ kind: 'text', text: 'Summarise the weekly ops meeting: deploys slipped twice, on-call is thin' }], metadata: { crew: 'mind' } } },
  });
  t.is(sent.status, 200, JSON.stringify(sent.body));
  t.is(sent.body.result.kind, 'task', JSON.stringify(sent.body));
  t.is(sent.body.result.status.state, 'completed');
  const id = sent.body.result.id as string;
  t.is((await server.call('GET', `/v1/outcomes/${id}`)).body.crew, 'mind');
  const read = await rpc(server, '/a2a/mind', { jsonrpc: '2.0', id: 'b', method: 'tasks/get', params: { id } });
  t.is(read.body.result.status.state, 'completed');
  t.true(read.body.result.artifacts[0].parts.some((part: { kind: string; text?: string }) => part.kind === 'text' && part.text!.length > 50));
});

/** The local model, except that the mind crew's steps think until they are cancelled: its task is still working when cancelled. */
const local = createLocalProvider({ delayMs: 0 });
const mindWorksOn: ModelProvider = {
  name: 'local',
  step: (input, tools, exchanges, signal) =>
    input.crew.id !== 'mind'
      ? local.step(input, tools, exchanges, signal)
      : new Promise((_, reject) => signal.addEventListener('abort', () => reject(abortError(signal)), { once: true })),
};

test('ListTasks pages the agent\'s tasks of the workspace newest first, filters by state, and shows artifacts only when asked', async (t) => {
  const server = await startServer({}, { modelProvider: mindWorksOn });
  t.teardown(() => server.close());
  const writer = await a2aClient(server.url, server.key);
  const ids: string[] = [];
  for (let i = 0; i < 3; i += 1) ids.push(((await writer.sendMessage(sendRequest(userMessage([textPart(`${brief}, part ${i + 1}`)])))) as Task).id);
  const mind = await a2aClient(server.url, server.key, '/a2a/mind/');
  const mindTask = (await mind.sendMessage(sendRequest(userMessage([textPart('Summarise the weekly ops meeting: deploys slipped twice')]), true))) as Task;
  await mind.cancelTask({ tenant: '', id: mindTask.id, metadata: undefined });

  const first = await writer.listTasks({ tenant: '', contextId: '', status: 0, pageSize: 2, pageToken: '', statusTimestampAfter: undefined, includeArtifacts: false });
  t.deepEqual(first.tasks.map((task) => task.id), [ids[2], ids[1]]);
  t.true(first.tasks.every((task) => task.artifacts.length === 0));
  t.truthy(first.nextPageToken);
  const second = await writer.listTasks({ tenant: '', contextId: '', status: 0, pageSize: 2, pageToken: first.nextPageToken, statusTimestampAfter: undefined, includeArtifacts: true });
  t.deepEqual(second.tasks.map((task) => task.id), [ids[0]]);
  t.is(second.tasks[0]!.artifacts.length, 1);
  t.is(second.nextPageToken, '');

  // The every-crew agent sees all four; a state filter keeps the canceled one.
  const root = await a2aClient(server.url, server.key, '/a2a/');
  const all = await root.listTasks({ tenant: '', contextId: '', status: 0, pageSize: 10, pageToken: '', statusTimestampAfter: undefined, includeArtifacts: false });
  t.is(all.tasks.length, 4);
  const canceled = await root.listTasks({ tenant: '', contextId: '', status: 5, pageSize: 10, pageToken: '', statusTimestampAfter: undefined, includeArtifacts: false });
  t.deepEqual(canceled.tasks.map((task) => task.id), [mindTask.id]);
  const byContext = await writer.listTasks({ tenant: '', contextId: mindTask.id, status: 0, pageSize: 10, pageToken: '', statusTimestampAfter: undefined, includeArtifacts: false });
  t.deepEqual(byContext.tasks, [], "the writer agent does not list the mind crew's task");
});

test('SendStreamingMessage over plain fetch is Server-Sent Events of JSON-RPC answers, ending with the completed status', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const response = await fetch(`${server.url}/a2a/writer`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${server.key}`, 'Content-Type': 'application/json', 'A2A-Version': '1.0' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'SendStreamingMessage', params: { message: { messageId: 'm2', role: 'ROLE_USER', parts: [{ text: brief }] } } }),
  });
  t.is(response.status, 200);
  t.regex(response.headers.get('content-type') ?? '', /^text\/event-stream/);
  const answers = (await response.text())
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice('data: '.length)));
  t.true(answers.every((answer) => answer.jsonrpc === '2.0' && answer.id === 3));
  t.truthy(answers[0].result.task);
  t.is(answers.at(-1).result.statusUpdate.status.state, 'TASK_STATE_COMPLETED');
  t.truthy(answers.find((answer) => answer.result.artifactUpdate)?.result.artifactUpdate.artifact.parts[0].text);
});
