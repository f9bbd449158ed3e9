import fs from 'node:fs';
import { TaskState, type Task } from '@a2a-js/sdk';
import test from 'ava';
import { startServer, tempDir } from '../../helpers/server.js';
import { a2aClient, dataPart, sendRequest, textOfParts, textPart, userMessage } from './a2aHelpers.js';

const brief = 'Write a blog post about planning a vegetable garden in raised beds';

test('tasks live in the outcomes: after a restart on the same SQLite file tasks/get answers them and an input-required task is approved', async (t) => {
  const dataDir = tempDir('crewd-a2a-restart-');
  const env = { CREWD_DATA_DIR: dataDir, CREWD_BOOTSTRAP_KEY: 'crew_sk_a2arestart0123456789abcd' };
  t.teardown(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const first = await startServer(env);
  let firstClosed = false;
  t.teardown(() => (firstClosed ? undefined : first.close()));
  const before = await a2aClient(first.url, first.key);
  const completed = (await before.sendMessage(sendRequest(userMessage([textPart(brief)])))) as Task;
  t.is(completed.status?.state, TaskState.TASK_STATE_COMPLETED);
  const waiting = (await before.sendMessage(sendRequest(userMessage([textPart(brief), dataPart({ approvals: { before_completion: true } })])))) as Task;
  t.is(waiting.status?.state, TaskState.TASK_STATE_INPUT_REQUIRED);
  await first.close();
  firstClosed = true;

  const second = await startServer(env);
  t.teardown(() => second.close());
  t.not(second.url, first.url);
  const after = await a2aClient(second.url, second.key);
  const read = await after.getTask({ tenant: '', id: completed.id });
  t.is(read.status?.state, TaskState.TASK_STATE_COMPLETED);
  t.is(textOfParts(read.artifacts[0]!.parts), textOfParts(completed.artifacts[0]!.parts));
  t.is((await after.getTask({ tenant: '', id: waiting.id })).status?.state, TaskState.TASK_STATE_INPUT_REQUIRED);
  const approved = (await after.sendMessage(sendRequest(userMessage([textPart('approve')], { taskId: waiting.id })))) as Task;
  t.is(approved.status?.state, TaskState.TASK_STATE_COMPLETED, JSON.stringify(approved.status));
});
