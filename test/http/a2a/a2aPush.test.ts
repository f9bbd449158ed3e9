import { TaskState, type Task } from '@a2a-js/sdk';
import { verify } from '@octokit/webhooks-methods';
import test from 'ava';
import { startServer, type TestServer } from '../../helpers/server.js';
import { until } from '../../helpers/until.js';
import { startReceiver, type Arrival } from '../../helpers/webhookReceiver.js';
import { a2aClient, dataPart, sendRequest, textPart, userMessage } from './a2aHelpers.js';

const brief = 'Write a blog post about planning a vegetable garden in raised beds';

/** A task that waits for an approval of its result: nothing happens to it until it is decided. */
async function waitingTask(server: TestServer): Promise<Task> {
  const client = await a2aClient(server.url, server.key);
  const task = (await client.sendMessage(sendRequest(userMessage([textPart(brief), dataPart({ approvals: { before_completion: true } })])))) as Task;
  if (task.status?.state !== TaskState.TASK_STATE_INPUT_REQUIRED) throw new Error(`expected input-required, got ${JSON.stringify(task.status)}`);
  return task;
}

const kindOf = (arrival: Arrival) => (JSON.parse(arrival.body) as { event: string }).event;
const outcomeOf = (arrival: Arrival) => (JSON.parse(arrival.body) as { data: { outcome_id: string } }).data.outcome_id;

test("a push config set with the SDK's client is a webhook scoped to the task: its events only, signed, with the token; get, list and delete", async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  // The receiver's own check uses a secret it does not know yet; each signature is checked below.
  const receiver = await startReceiver({ secret: 'unknown-until-the-config-is-set' });
  t.teardown(() => receiver.close());
  const client = await a2aClient(server.url, server.key);

  const card = await client.getAgentCard();
  t.true(card.capabilities?.pushNotifications);

  const followed = await waitingTask(server);
  const config = await client.createTaskPushNotificationConfig({ tenant: '', id: '', taskId: followed.id, url: receiver.url, token: 'tok-follower-1', authentication: undefined });
  t.regex(config.id, /^wh_/);
  t.like(config, { taskId: followed.id, url: receiver.url, token: 'tok-follower-1' });
  t.is(config.authentication?.scheme, 'crewd-hmac-sha256');
  const secret = config.authentication!.credentials;
  t.true(secret.length >= 32);

  // Another task deployed and finished meanwhile sends nothing to the config.
  const other = await waitingTask(server);
  const otherDone = (await client.sendMessage(sendRequest(userMessage([textPart('Approve')], { taskId: other.id })))) as Task;
  t.is(otherDone.status?.state, TaskState.TASK_STATE_COMPLETED);

  const done = (await client.sendMessage(sendRequest(userMessage([textPart('Approve. Good')], { taskId: followed.id })))) as Task;
  t.is(done.status?.state, TaskState.TASK_STATE_COMPLETED);
  await until(() => receiver.arrivals.some((arrival) => kindOf(arrival) === 'outcome.completed'), 'the completed event delivered');
  const kinds = receiver.arrivals.map(kindOf);
  t.true(kinds.includes('outcome.action_resolved'), kinds.join());
  for (const arrival of receiver.arrivals) {
    t.is(outcomeOf(arrival), followed.id, 'only the followed task');
    t.true(await verify(secret, arrival.body, String(arrival.headers['x-service-signature'])), 'signed with the secret of the answer');
    t.is(arrival.headers['x-a2a-notification-token'], 'tok-follower-1');
    t.is(arrival.headers['x-service-event'], kindOf(arrival));
  }

  t.deepEqual(await client.getTaskPushNotificationConfig({ tenant: '', taskId: followed.id, id: config.id }), { ...config, authentication: undefined });
  const listed = await client.listTaskPushNotificationConfig({ tenant: '', taskId: followed.id, pageSize: 0, pageToken: '' });
  t.deepEqual(listed.configs.map((one) => one.id), [config.id]);
  t.deepEqual((await client.listTaskPushNotificationConfig({ tenant: '', taskId: other.id, pageSize: 0, pageToken: '' })).configs, []);
  await t.throwsAsync(() => client.getTaskPushNotificationConfig({ tenant: '', taskId: other.id, id: config.id }), { name: 'TaskNotFoundError' });
  const webhooks = (await server.call('GET', '/v1/webhooks')).body.webhooks as Array<{ id: string; outcome_id: string | null; events: string[] }>;
  t.like(webhooks.find((row) => row.id === config.id), { outcome_id: followed.id });
  t.true(webhooks.find((row) => row.id === config.id)!.events.includes('outcome.completed'));

  // Deleted: a revision of the task reaches a REST webhook scoped to it, and nothing more reaches the config.
  await client.deleteTaskPushNotificationConfig({ tenant: '', taskId: followed.id, id: config.id });
  t.deepEqual((await client.listTaskPushNotificationConfig({ tenant: '', taskId: followed.id, pageSize: 0, pageToken: '' })).configs, []);
  const control = await startReceiver({ secret: 'control-secret-0123456789' });
  t.teardown(() => control.close());
  const scoped = await server.call('POST', '/v1/webhooks', { body: { url: control.url, events: ['outcome.revision_requested', 'outcome.completed'], secret: 'control-secret-0123456789', outcome_id: followed.id } });
  t.is(scoped.status, 201, JSON.stringify(scoped.body));
  t.is(scoped.body.outcome_id, followed.id);
  const before = receiver.arrivals.length;
  const revised = (await client.sendMessage(sendRequest(userMessage([textPart('Make the introduction shorter please')], { taskId: followed.id })))) as Task;
  t.is(revised.status?.state, TaskState.TASK_STATE_COMPLETED, JSON.stringify(revised.status));
  await until(() => control.arrivals.some((arrival) => kindOf(arrival) === 'outcome.completed'), 'the revision delivered to the scoped REST webhook');
  t.true(control.arrivals.every((arrival) => arrival.verified && outcomeOf(arrival) === followed.id));
  t.is(receiver.arrivals.length, before, 'the deleted config got nothing');
});

test('push configs: another workspace does not find the task, a bad URL or caller credentials are refused, 0.3 names work, POST /v1/webhooks checks outcome_id', async (t) => {
  const server = await startServer({ CREWD_ALLOW_PRIVATE_URLS: '0' });
  t.teardown(() => server.close());
  const client = await a2aClient(server.url, server.key);
  const task = await waitingTask(server);

  const other = (await server.runtime.workspaces.create({ name: 'stranger', plan: 'enterprise' })).id;
  const strangerKey = (await server.runtime.keys.create({ workspaceId: other, name: 'stranger', permissions: ['crews:read', 'crews:write', 'outcomes:read', 'outcomes:write', 'integrations:read', 'integrations:write'] })).secret;
  const stranger = await a2aClient(server.url, strangerKey);
  const config = { tenant: '', id: '', taskId: task.id, url: 'https://hooks.example.com/a2a', token: 'tok', authentication: undefined };
  await t.throwsAsync(() => stranger.createTaskPushNotificationConfig(config), { name: 'TaskNotFoundError' });
  const own = await client.createTaskPushNotificationConfig(config);
  await t.throwsAsync(() => stranger.getTaskPushNotificationConfig({ tenant: '', taskId: task.id, id: own.id }), { name: 'TaskNotFoundError' });
  await t.throwsAsync(() => stranger.listTaskPushNotificationConfig({ tenant: '', taskId: task.id, pageSize: 0, pageToken: '' }), { name: 'TaskNotFoundError' });
  await t.throwsAsync(() => stranger.deleteTaskPushNotificationConfig({ tenant: '', taskId: task.id, id: own.id }), { name: 'TaskNotFoundError' });
  const strangerHook = await server.call('POST', '/v1/webhooks', { key: strangerKey, body: { url: 'https://hooks.example.com/x', events: ['outcome.completed'], secret: 'stranger-secret-0123456789', outcome_id: task.id } });
  t.is(strangerHook.status, 404, JSON.stringify(strangerHook.body));
  t.is((await server.call('POST', '/v1/webhooks', { body: { url: 'https://hooks.example.com/x', events: ['outcome.completed'], secret: 'own-secret-0123456789', outcome_id: 'out_missing' } })).status, 404);
  t.is((await server.call('POST', '/v1/webhooks', { body: { url: 'https://hooks.example.com/x', events: ['outcome.completed'], secret: 'own-secret-0123456789', outcome_id: 'nope' } })).status, 400);

  // The URL guard of POST /v1/webhooks; caller-chosen credentials are not sent, so they are refused.
  await t.throwsAsync(() => client.createTaskPushNotificationConfig({ ...config, url: 'http://127.0.0.1:9/hook' }), { name: 'RequestMalformedError', message: /url/ });
  await t.throwsAsync(() => client.createTaskPushNotificationConfig({ ...config, authentication: { scheme: 'Bearer', credentials: 'abc' } }), { name: 'RequestMalformedError', message: /credentials/ });

  // A config inside SendMessage is refused before anything is deployed.
  const outcomesBefore = (await server.call('GET', '/v1/outcomes')).body.data.length as number;
  const inline = { ...sendRequest(userMessage([textPart(brief)])), configuration: { acceptedOutputModes: [], taskPushNotificationConfig: config, returnImmediately: true } };
  await t.throwsAsync(() => client.sendMessage(inline), { name: 'RequestMalformedError', message: /CreateTaskPushNotificationConfig/ });
  t.is((await server.call('GET', '/v1/outcomes')).body.data.length, outcomesBefore);

  // The 0.3 method names over plain JSON-RPC.
  const legacy = await server.call('POST', '/a2a/writer', { body: { jsonrpc: '2.0', id: 1, method: 'tasks/pushNotificationConfig/set', params: { taskId: task.id, pushNotificationConfig: { url: 'https://hooks.example.com/legacy', token: 'legacy-token' } } } });
  t.is(legacy.status, 200);
  t.like(legacy.body.result, { taskId: task.id, pushNotificationConfig: { url: 'https://hooks.example.com/legacy', token: 'legacy-token' } });
  const legacyId = legacy.body.result.pushNotificationConfig.id as string;
  t.regex(legacyId, /^wh_/);
  const listed = await server.call('POST', '/a2a/writer', { body: { jsonrpc: '2.0', id: 2, method: 'tasks/pushNotificationConfig/list', params: { id: task.id } } });
  t.deepEqual((listed.body.result as Array<{ pushNotificationConfig: { id: string } }>).map((one) => one.pushNotificationConfig.id).sort(), [own.id, legacyId].sort(), JSON.stringify(listed.body));
  const removed = await server.call('POST', '/a2a/writer', { body: { jsonrpc: '2.0', id: 3, method: 'tasks/pushNotificationConfig/delete', params: { id: task.id, pushNotificationConfigId: legacyId } } });
  t.is(removed.body.error, undefined, JSON.stringify(removed.body));
  t.is((await server.call('GET', `/v1/webhooks/${legacyId}`)).status, 404);
});
