import type { AgentCard, DeleteTaskPushNotificationConfigRequest, GetTaskPushNotificationConfigRequest, ListTaskPushNotificationConfigsRequest, ListTaskPushNotificationConfigsResponse, ListTasksRequest, ListTasksResponse, Message, StreamResponse, Task, TaskPushNotificationConfig } from '@a2a-js/sdk';
import { ExtendedAgentCardNotConfiguredError, RequestMalformedError, TaskNotFoundError } from '@a2a-js/sdk/errors';
import type { A2ARequestHandler, ServerCallContext } from '@a2a-js/sdk/server';
import type { OutcomeRow } from '../../storage/repositories/outcomes.js';
import type { AuthenticatedKey } from '../auth/keyService.js';
import type { CrewId } from '../../crews/index.js';
import type { A2aDeps } from './a2aDeps.js';
import { inA2aTerms } from './a2aErrors.js';
import { followOutcome } from './followOutcome.js';
import { KeyUser } from './keyUser.js';
import { listTasks } from './listTasks.js';
import { pushConfigs, type PushConfigs } from './pushConfigs.js';
import { isSettled, taskOf, taskStateOf } from './outcomeTask.js';
import { startFromMessage, type Started } from './startFromMessage.js';

/** Key of the request's abort signal in `ServerCallContext.state` (the HTTP layer puts it there). */
export const signalStateKey = 'crewd.signal';

type SendConfiguration = { returnImmediately?: boolean; taskPushNotificationConfig?: TaskPushNotificationConfig | undefined };

/**
 * A push config inside SendMessage's configuration is refused before anything is deployed: set
 * after the deploy, it would miss the task's first events (a webhook sees only events stored after
 * it), and failing on its URL after the deploy would answer an error for a task that runs anyway.
 */
function refuseInlinePushConfig(configuration: SendConfiguration | undefined): void {
  if (!configuration?.taskPushNotificationConfig?.url) return;
  throw new RequestMalformedError('A push config inside SendMessage is not applied: send the message, then set the config with CreateTaskPushNotificationConfig (tasks/pushNotificationConfig/set) on the task id.');
}

function keyOf(context: ServerCallContext): AuthenticatedKey {
  // The HTTP layer builds every context with a KeyUser; anything else is a wiring fault.
  if (!(context.user instanceof KeyUser)) throw new Error('A2A request without an authenticated crewd key');
  return context.user.key;
}

function signalOf(context: ServerCallContext): AbortSignal {
  const signal = context.state.get(signalStateKey);
  return signal instanceof AbortSignal ? signal : new AbortController().signal;
}

/**
 * One crew's A2A agent (or, with no crew, the agent of every crew), implementing the SDK's
 * request handler directly on crewd's outcomes: the task IS the outcome (same id), so what the
 * SDK's DefaultRequestHandler would keep in a TaskStore and an in-process event bus is read from
 * storage and followed through crewd's event bus instead. Tasks survive a restart, every process
 * of a Postgres deployment answers for every task, and commands (deploy, revise, cancel, decide)
 * go through the engine's command forwarding like REST's. See docs/decisions.md.
 */
export class OutcomeAgent implements A2ARequestHandler {
  private readonly push: PushConfigs;

  constructor(
    private readonly deps: A2aDeps,
    private readonly crew: CrewId | undefined,
    private readonly card: () => Promise<AgentCard>,
  ) {
    this.push = pushConfigs(deps);
  }

  getAgentCard(): Promise<AgentCard> {
    return this.card();
  }

  async getAuthenticatedExtendedAgentCard(): Promise<AgentCard> {
    throw new ExtendedAgentCardNotConfiguredError('crewd serves one card per agent, the same for every caller.');
  }

  /** The outcome of this agent in the key's workspace, or TaskNotFound. */
  private async own(context: ServerCallContext, id: string): Promise<OutcomeRow> {
    if (!id.trim()) throw new RequestMalformedError('The task id is missing.');
    const row = await this.deps.outcomes.get(keyOf(context).workspace.id, id);
    if (!row || (this.crew && row.crew !== this.crew)) throw new TaskNotFoundError(`Task ${id} was not found for this agent in the key's workspace.`);
    return row;
  }

  private follow(context: ServerCallContext, started: Pick<Started, 'outcomeId' | 'done'>) {
    return followOutcome(this.deps, keyOf(context).workspace.id, started.outcomeId, signalOf(context), started.done);
  }

  async sendMessage(params: { message: Message | undefined; configuration?: SendConfiguration | undefined }, context: ServerCallContext): Promise<Task> {
    refuseInlinePushConfig(params.configuration);
    const started = await startFromMessage(this.deps, keyOf(context), this.crew, params.message);
    if (params.configuration?.returnImmediately) return taskOf(await this.own(context, started.outcomeId));
    // Blocking (the default): answer once the outcome is terminal or waits for input.
    let last: OutcomeRow | undefined;
    for await (const row of this.follow(context, started)) last = row;
    return taskOf(last ?? (await this.own(context, started.outcomeId)));
  }

  async *sendMessageStream(params: { message: Message | undefined; configuration?: SendConfiguration | undefined }, context: ServerCallContext): AsyncGenerator<StreamResponse, void, undefined> {
    refuseInlinePushConfig(params.configuration);
    const started = await startFromMessage(this.deps, keyOf(context), this.crew, params.message);
    yield* this.stream(context, started);
  }

  /**
   * The task first, then one status update per change of the outcome (stage, approval, end), and
   * the result artifact just before the final `completed` status. Ends when the outcome settles.
   */
  private async *stream(context: ServerCallContext, started: Pick<Started, 'outcomeId' | 'done'>): AsyncGenerator<StreamResponse, void, undefined> {
    let first = true;
    let artifactSent = '';
    for await (const row of this.follow(context, started)) {
      const task = taskOf(row);
      if (first) {
        first = false;
        artifactSent = task.artifacts.length > 0 ? JSON.stringify(row.result) : '';
        yield { payload: { $case: 'task', value: task } };
        continue;
      }
      const artifact = task.artifacts[0];
      if (artifact && JSON.stringify(row.result) !== artifactSent) {
        artifactSent = JSON.stringify(row.result);
        yield { payload: { $case: 'artifactUpdate', value: { taskId: row.id, contextId: row.id, artifact, append: false, lastChunk: true, metadata: undefined } } };
      }
      yield { payload: { $case: 'statusUpdate', value: { taskId: row.id, contextId: row.id, status: task.status, metadata: task.metadata } } };
    }
  }

  async getTask(params: { id: string }, context: ServerCallContext): Promise<Task> {
    return taskOf(await this.own(context, params.id));
  }

  listTasks(params: ListTasksRequest, context: ServerCallContext): Promise<ListTasksResponse> {
    return listTasks(this.deps, keyOf(context).workspace.id, this.crew, params);
  }

  async cancelTask(params: { id: string }, context: ServerCallContext): Promise<Task> {
    const row = await this.own(context, params.id);
    return taskOf(await inA2aTerms(() => this.deps.engine.cancel(keyOf(context).workspace, row.id), 'cancel'));
  }

  async *resubscribe(params: { id: string }, context: ServerCallContext): AsyncGenerator<StreamResponse, void, undefined> {
    const row = await this.own(context, params.id);
    yield* this.stream(context, { outcomeId: row.id, done: (current) => isSettled(taskStateOf(current)) });
  }

  // Push configs are webhooks scoped to the task's outcome (pushConfigs.ts); the task must be the caller's.
  async createTaskPushNotificationConfig(params: TaskPushNotificationConfig, context: ServerCallContext): Promise<TaskPushNotificationConfig> {
    const row = await this.own(context, params.taskId);
    return this.push.create(row.workspace_id, row.id, params);
  }

  async getTaskPushNotificationConfig(params: GetTaskPushNotificationConfigRequest, context: ServerCallContext): Promise<TaskPushNotificationConfig> {
    const row = await this.own(context, params.taskId);
    return this.push.get(row.workspace_id, row.id, params.id);
  }

  async listTaskPushNotificationConfigs(params: ListTaskPushNotificationConfigsRequest, context: ServerCallContext): Promise<ListTaskPushNotificationConfigsResponse> {
    const row = await this.own(context, params.taskId);
    return this.push.list(row.workspace_id, row.id);
  }

  async deleteTaskPushNotificationConfig(params: DeleteTaskPushNotificationConfigRequest, context: ServerCallContext): Promise<void> {
    const row = await this.own(context, params.taskId);
    await this.push.remove(row.workspace_id, row.id, params.id);
  }
}
