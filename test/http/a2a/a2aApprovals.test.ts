import { TaskState, type Task } from '@a2a-js/sdk';
import test from 'ava';
import { startServer } from '../../helpers/server.js';
import { a2aClient, dataOfParts, dataPart, sendRequest, textOfParts, textPart, userMessage } from './a2aHelpers.js';

const brief = 'Write a blog post about planning a vegetable garden in raised beds';

test('approvals before_completion: the task is input-required with the preview, and an "approve" message completes it', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const client = await a2aClient(server.url, server.key);
  const waiting = (await client.sendMessage(sendRequest(userMessage([textPart(brief), dataPart({ approvals: { before_completion: true } })])))) as Task;
  t.is(waiting.status?.state, TaskState.TASK_STATE_INPUT_REQUIRED, JSON.stringify(waiting.status));
  const outcome = await server.call('GET', `/v1/outcomes/${waiting.id}`);
  const action = outcome.body.pending_action;
  t.is(action.kind, 'approve_result');
  const message = waiting.status!.message!;
  t.regex(textOfParts(message.parts), /Waiting for approval/);
  t.is(dataOfParts(message.parts).pending_action.id, action.id);
  t.is(dataOfParts(message.parts).pending_action.preview.content, action.preview.content);

  // Neither approve nor reject: asked again, nothing decided.
  await t.throwsAsync(() => client.sendMessage(sendRequest(userMessage([textPart('Looks interesting')], { taskId: waiting.id }))), { message: /approve.*reject/ });
  t.truthy((await server.call('GET', `/v1/outcomes/${waiting.id}`)).body.pending_action);

  const approved = (await client.sendMessage(sendRequest(userMessage([textPart('Approve. Nice intro')], { taskId: waiting.id })))) as Task;
  t.is(approved.status?.state, TaskState.TASK_STATE_COMPLETED, JSON.stringify(approved.status));
  const actions = await server.call('GET', '/v1/actions?status=approved');
  t.like(actions.body.data.find((row: { id: string }) => row.id === action.id), { status: 'approved', comment: 'Nice intro', decided_by: { type: 'api_key' } });
  t.is(textOfParts(approved.artifacts[0]!.parts), action.preview.content);
});

test('a data part {decision: "reject", comment} rejects the result: the task fails with rejected_by_reviewer', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const client = await a2aClient(server.url, server.key);
  const waiting = (await client.sendMessage(sendRequest(userMessage([textPart(brief), dataPart({ approvals: { before_completion: true } })])))) as Task;
  t.is(waiting.status?.state, TaskState.TASK_STATE_INPUT_REQUIRED);
  const stream = client.sendMessageStream(sendRequest(userMessage([dataPart({ decision: 'reject', comment: 'Too long' })], { taskId: waiting.id })));
  const states: TaskState[] = [];
  for await (const event of stream) {
    // The task first (already failed when the decision applied at once), then any status updates.
    if (event.payload?.$case === 'task') states.push(event.payload.value.status!.state);
    if (event.payload?.$case === 'statusUpdate') states.push(event.payload.value.status!.state);
  }
  t.is(states.at(-1), TaskState.TASK_STATE_FAILED);
  const outcome = await server.call('GET', `/v1/outcomes/${waiting.id}`);
  t.is(outcome.body.status, 'failed');
  t.is(outcome.body.error.code, 'rejected_by_reviewer');
  t.is(outcome.body.error.details.comment, 'Too long');
});
