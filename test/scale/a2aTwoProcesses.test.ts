import { TaskState, type Task } from '@a2a-js/sdk';
import { postgresTest } from '../helpers/postgres.js';
import { until } from '../helpers/until.js';
import { a2aClient, dataPart, sendRequest, textPart, userMessage } from '../http/a2a/a2aHelpers.js';
import { startCluster } from './cluster.js';

const brief = 'Write a blog post about planning a vegetable garden in raised beds';

postgresTest('two processes on Postgres: a task deployed through one is read, approved, revised and cancelled through the other', async (t) => {
  const cluster = await startCluster(0, { CREWD_LOCAL_MODEL_DELAY_MS: '300' });
  t.teardown(() => cluster.close());
  const a = await a2aClient((await cluster.start()).url, cluster.key);
  const b = await a2aClient((await cluster.start()).url, cluster.key);

  // Deployed on A (A owns the outcome); B sees it wait for approval, from storage.
  const deployed = (await a.sendMessage(sendRequest(userMessage([textPart(brief), dataPart({ approvals: { before_completion: true } })]), true))) as Task;
  await until(async () => (await b.getTask({ tenant: '', id: deployed.id })).status?.state === TaskState.TASK_STATE_INPUT_REQUIRED, 'input-required seen on B');

  // The decision sent to B reaches the owner through the command forwarding; B's blocking answer follows it.
  const approved = (await b.sendMessage(sendRequest(userMessage([textPart('approve')], { taskId: deployed.id })))) as Task;
  t.is(approved.status?.state, TaskState.TASK_STATE_COMPLETED, JSON.stringify(approved.status));
  t.true(approved.artifacts[0]!.parts.length > 0);

  // A revision asked on B of the outcome A ran.
  const revised = (await b.sendMessage(sendRequest(userMessage([textPart('Shorter, with a checklist for the first weekend')], { taskId: deployed.id })))) as Task;
  t.is(revised.status?.state, TaskState.TASK_STATE_COMPLETED, JSON.stringify(revised.status));
  t.truthy(revised.metadata?.revision_id);

  // Cancelled on B while it works on A.
  const working = (await a.sendMessage(sendRequest(userMessage([textPart(brief)]), true))) as Task;
  const canceled = await b.cancelTask({ tenant: '', id: working.id, metadata: undefined });
  t.is(canceled.status?.state, TaskState.TASK_STATE_CANCELED);
  t.is((await a.getTask({ tenant: '', id: working.id })).status?.state, TaskState.TASK_STATE_CANCELED);
});
