import { TaskState, type StreamResponse, type Task } from '@a2a-js/sdk';
import test from 'ava';
import { ModelCallError } from '../../../models/errors.js';
import { createLocalProvider } from '../../../models/local/index.js';
import type { ModelProvider } from '../../../models/types.js';
import { withRetry } from '../../../models/withRetry.js';
import { startServer } from '../../helpers/server.js';
import { until } from '../../helpers/until.js';
import { a2aClient, sendRequest, textOfParts, textPart, userMessage } from './a2aHelpers.js';

const brief = 'Write a blog post about planning a vegetable garden in raised beds';

test('message/stream follows the outcome: the working task, a status per stage, the result artifact, then completed', async (t) => {
  const server = await startServer({ CREWD_LOCAL_MODEL_DELAY_MS: '150' });
  t.teardown(() => server.close());
  const client = await a2aClient(server.url, server.key);
  const seen: StreamResponse[] = [];
  for await (const event of client.sendMessageStream(sendRequest(userMessage([textPart(brief)])))) seen.push(event);

  const first = seen[0]!.payload!;
  t.is(first.$case, 'task');
  const task = first.value as Task;
  t.is(task.status?.state, TaskState.TASK_STATE_WORKING);
  const statuses = seen.flatMap((event) => (event.payload?.$case === 'statusUpdate' ? [event.payload.value] : []));
  const stages = statuses.map((update) => (update.metadata?.progress as { current_stage?: string }).current_stage);
  t.true(new Set(stages).size >= 3, `stages seen: ${stages.join(', ')}`);
  t.true(statuses.slice(0, -1).every((update) => update.status?.state === TaskState.TASK_STATE_WORKING));
  t.is(statuses.at(-1)!.status?.state, TaskState.TASK_STATE_COMPLETED);
  t.regex(textOfParts(statuses[0]!.status!.message!.parts), /^Working: /);

  // The artifact comes once, right before the final status, and is the stored result.
  const artifacts = seen.flatMap((event, index) => (event.payload?.$case === 'artifactUpdate' ? [{ index, artifact: event.payload.value.artifact! }] : []));
  t.is(artifacts.length, 1);
  t.is(artifacts[0]!.index, seen.length - 2);
  const outcome = await server.call('GET', `/v1/outcomes/${task.id}`);
  t.is(textOfParts(artifacts[0]!.artifact.parts), outcome.body.result.content);
});

test('tasks/cancel stops a working outcome: the task is canceled and the outcome failed with code cancelled', async (t) => {
  const server = await startServer({ CREWD_LOCAL_MODEL_DELAY_MS: '20000' });
  t.teardown(() => server.close());
  const client = await a2aClient(server.url, server.key);
  const working = (await client.sendMessage(sendRequest(userMessage([textPart(brief)]), true))) as Task;
  t.is(working.status?.state, TaskState.TASK_STATE_WORKING);
  const canceled = await client.cancelTask({ tenant: '', id: working.id, metadata: undefined });
  t.is(canceled.status?.state, TaskState.TASK_STATE_CANCELED);
  const outcome = await server.call('GET', `/v1/outcomes/${working.id}`);
  t.is(outcome.body.status, 'failed');
  t.is(outcome.body.error.code, 'cancelled');
  t.is((await client.getTask({ tenant: '', id: working.id })).status?.state, TaskState.TASK_STATE_CANCELED);
  // Cancelling again: the task is no longer cancelable.
  await t.throwsAsync(() => client.cancelTask({ tenant: '', id: working.id, metadata: undefined }), { name: 'TaskNotCancelableError' });
});

test('a message to a completed task is a revision with the text as feedback; the task completes again with the revised result', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const client = await a2aClient(server.url, server.key);
  const done = (await client.sendMessage(sendRequest(userMessage([textPart(brief)])))) as Task;
  t.is(done.status?.state, TaskState.TASK_STATE_COMPLETED);
  const feedback = 'Make it shorter and add a checklist for the first weekend';
  const revised = (await client.sendMessage(sendRequest(userMessage([textPart(feedback)], { taskId: done.id })))) as Task;
  t.is(revised.id, done.id);
  t.is(revised.status?.state, TaskState.TASK_STATE_COMPLETED, JSON.stringify(revised.status));
  const revisions = await server.call('GET', `/v1/outcomes/${done.id}/revisions`);
  t.is(revisions.status, 200);
  const list = revisions.body.data ?? revisions.body.revisions ?? revisions.body;
  t.is(list.length, 1);
  t.is(list[0].feedback, feedback);
  t.is(revised.metadata?.revision_id, list[0].revision_id);
  const outcome = await server.call('GET', `/v1/outcomes/${done.id}`);
  t.is(textOfParts(revised.artifacts[0]!.parts), outcome.body.result.content);
  await until(async () => (await server.call('GET', `/v1/outcomes/${done.id}`)).body.status === 'completed', 'the revised outcome');
});

test('shutdown ends a blocking send and a stream in flight: the send answers the working task, the stream ends', async (t) => {
  const server = await startServer({ CREWD_LOCAL_MODEL_DELAY_MS: '30000' });
  const client = await a2aClient(server.url, server.key);
  const blocking = client.sendMessage(sendRequest(userMessage([textPart(brief)])));
  const events: string[] = [];
  const streaming = (async () => {
    for await (const event of client.sendMessageStream(sendRequest(userMessage([textPart(brief)])))) events.push(event.payload!.$case!);
  })();
  await until(async () => ((await server.call('GET', '/v1/outcomes')).body.data.length === 2 && events.length > 0 ? true : undefined), 'both outcomes deployed and the stream open');
  const started = Date.now();
  await server.close();
  const answer = (await blocking) as Task;
  t.is(answer.status?.state, TaskState.TASK_STATE_WORKING);
  await streaming;
  t.is(events[0], 'task');
  t.true(Date.now() - started < 25_000, 'shutdown did not wait for the outcomes');
});

test('tasks/resubscribe (SubscribeToTask) follows a task another request started, to its completion', async (t) => {
  const server = await startServer({ CREWD_LOCAL_MODEL_DELAY_MS: '150' });
  t.teardown(() => server.close());
  const client = await a2aClient(server.url, server.key);
  const working = (await client.sendMessage(sendRequest(userMessage([textPart(brief)]), true))) as Task;
  t.is(working.status?.state, TaskState.TASK_STATE_WORKING);
  const states: TaskState[] = [];
  for await (const event of client.resubscribeTask({ tenant: '', id: working.id })) {
    const payload = event.payload!;
    if (payload.$case === 'task') states.push(payload.value.status!.state);
    if (payload.$case === 'statusUpdate') states.push(payload.value.status!.state);
  }
  t.is(states.at(-1), TaskState.TASK_STATE_COMPLETED);
  t.true(states.slice(0, -1).every((state) => state === TaskState.TASK_STATE_WORKING));
  await t.throwsAsync(async () => {
    for await (const event of client.resubscribeTask({ tenant: '', id: 'out_unknown' })) t.fail(JSON.stringify(event));
  }, { name: 'TaskNotFoundError' });
});

test('a revision that fails answers too: the task is completed again with the previous result, not left waiting', async (t) => {
  const local = createLocalProvider();
  const revisionBreaks: ModelProvider = withRetry(
    {
      name: 'revision-breaks',
      async step(input, tools, exchanges, signal) {
        if (input.revision) throw new ModelCallError('400 the revision prompt was refused', false, 400);
        return local.step(input, tools, exchanges, signal);
      },
    },
    { retries: 0, minTimeoutMs: 1, factor: 1 },
  );
  const server = await startServer({}, { modelProvider: revisionBreaks });
  t.teardown(() => server.close());
  const client = await a2aClient(server.url, server.key);
  const done = (await client.sendMessage(sendRequest(userMessage([textPart(brief)])))) as Task;
  const answer = (await client.sendMessage(sendRequest(userMessage([textPart('Shorter please, and friendlier')], { taskId: done.id })))) as Task;
  const outcome = await server.call('GET', `/v1/outcomes/${done.id}`);
  t.not(outcome.body.status, 'revision_requested');
  t.is(answer.status?.state, outcome.body.status === 'completed' ? TaskState.TASK_STATE_COMPLETED : TaskState.TASK_STATE_FAILED);
  t.is(textOfParts(answer.artifacts[0]!.parts), textOfParts(done.artifacts[0]!.parts));
});
