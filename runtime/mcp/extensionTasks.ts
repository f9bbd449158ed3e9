import { CLIENT_CAPABILITIES_META_KEY, MissingRequiredClientCapabilityError, ProtocolError, ProtocolErrorCode, type McpServer, type ServerContext } from '@modelcontextprotocol/server';
import type { JsonSchema } from '../../schemas/types.js';
import type { OutcomeRow } from '../../storage/repositories/outcomes.js';
import { ServiceError } from '../errors.js';
import { approvalElicitation, decisionOfAnswer, pendingActionOf, type ElicitAnswer } from './approvalElicitation.js';
import type { CrewdMcpDeps, McpPrincipal } from './mcpDeps.js';
import { requirePermission } from './permission.js';
import { refusingAsInvalidParams } from './refusal.js';
import { toolSchema } from './toolSchema.js';

/** The 2026-07-28 tasks extension (SEP-2663): tasks moved out of the core protocol into it. */
export const tasksExtension = 'io.modelcontextprotocol/tasks';
/** How often a client should poll tasks/get: an outcome moves in seconds, not milliseconds. */
const pollIntervalMs = 1000;

type Json = Record<string, unknown>;

/** Whether this request's envelope declares the tasks extension (capabilities are per request in 2026-07-28). */
export function declaresTasksExtension(ctx: ServerContext): boolean {
  // The SDK types the envelope as an open object; the capabilities sit under their spec key.
  const envelope: Record<string, unknown> = ctx.mcpReq.envelope ?? {};
  const capabilities = envelope[CLIENT_CAPABILITIES_META_KEY] as { extensions?: Record<string, unknown> } | undefined;
  return capabilities?.extensions?.[tasksExtension] !== undefined;
}

/** A tool result carrying the outcome view, as deploy_crew answers a direct call. */
function toolResult(view: Json, isError: boolean): Json {
  return { content: [{ type: 'text', text: JSON.stringify(view, null, 2) }], structuredContent: view, ...(isError ? { isError: true } : {}) };
}

/**
 * An outcome as a 2026-07-28 task (`DetailedTask`): the task id is the outcome id. A completed
 * outcome is `completed` with the deploy_crew result; a failed one is `completed` too, with the
 * result marked `isError` (the extension keeps `failed` for JSON-RPC errors), except a cancelled
 * one, which is `cancelled`. An outcome waiting for a person is `input_required`, its
 * `inputRequests` holding one form elicitation keyed by the action id (unique over the task's life).
 */
export function detailedTaskOf(deps: Pick<CrewdMcpDeps, 'outcomeView'>, row: OutcomeRow): Json {
  const base = { taskId: row.id, createdAt: row.created_at, lastUpdatedAt: row.updated_at, ttlMs: null, pollIntervalMs };
  const error = row.error as { code?: string; message?: string } | null;
  if (row.status === 'completed') return { ...base, status: 'completed', result: toolResult(deps.outcomeView(row), false) };
  if (row.status === 'failed' && error?.code === 'cancelled') return { ...base, status: 'cancelled', statusMessage: error.message ?? 'cancelled' };
  if (row.status === 'failed') return { ...base, status: 'completed', statusMessage: error?.message ?? 'failed', result: toolResult(deps.outcomeView(row), true) };
  const action = pendingActionOf(row);
  if (action) {
    return {
      ...base,
      status: 'input_required',
      statusMessage: `${action.kind}: ${action.summary ?? ''} (answer the input request with tasks/update, or call resolve_action {"action_id":"${action.id}"})`,
      inputRequests: { [action.id]: { method: 'elicitation/create', params: approvalElicitation(action) } },
    };
  }
  const stage = (row.progress as { current_stage?: string }).current_stage;
  return { ...base, status: 'working', ...(stage ? { statusMessage: `${row.status}: ${stage}` } : {}) };
}

/** deploy_crew's answer when it runs as a task: `CreateTaskResult` (`resultType: "task"`), with the outcome view beside it. */
export function createTaskResult(deps: Pick<CrewdMcpDeps, 'outcomeView'>, row: OutcomeRow): Json {
  const { inputRequests: _asked, ...task } = detailedTaskOf(deps, row);
  return { resultType: 'task', ...task, ...toolResult(deps.outcomeView(row), false) };
}

const taskIdParams: JsonSchema = { type: 'object', properties: { taskId: { type: 'string', minLength: 1 } }, required: ['taskId'] };

/**
 * The tasks extension on a 2026-07-28 server: it is advertised in `server/discover`'s
 * `capabilities.extensions`, and `tasks/get` (poll; the task with its result or input requests),
 * `tasks/update` (answers to input requests: a decision on the pending action through the same
 * path as POST /v1/outcomes/{id}/actions/{action_id}) and `tasks/cancel` (cancels the outcome)
 * are answered, for a request that declares the extension (else -32021). `tasks/result` and
 * `tasks/list` do not exist in this generation: the SDK answers them method-not-found. Every
 * method checks the key's permission and workspace like REST; another workspace's task is
 * "not found" (-32602).
 */
export function registerExtensionTasks(server: McpServer, deps: CrewdMcpDeps, principal: McpPrincipal): void {
  server.server.registerCapabilities({ extensions: { [tasksExtension]: {} } });
  const params = <T>(schema: JsonSchema) => toolSchema<T>(schema, (value) => deps.problemOf(schema, value));
  const own = async (taskId: string) => {
    const row = await deps.outcomes.get(principal.workspace.id, taskId);
    if (!row) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Failed to retrieve task: task ${taskId} was not found in this workspace.`);
    return row;
  };
  /** Each handler: the extension declared, the permission held; crewd's refusals in their own words. */
  const guarded =
    <P>(permission: 'outcomes:read' | 'outcomes:write', method: string, handler: (args: P, ctx: ServerContext) => Promise<Json>) =>
    async (args: P, ctx: ServerContext): Promise<Json> => {
      if (!declaresTasksExtension(ctx)) throw new MissingRequiredClientCapabilityError({ requiredCapabilities: { extensions: { [tasksExtension]: {} } } });
      return refusingAsInvalidParams(async () => {
        requirePermission(principal, permission, method);
        return handler(args, ctx);
      });
    };

  server.server.setRequestHandler('tasks/get', { params: params<{ taskId: string }>(taskIdParams) }, guarded('outcomes:read', 'tasks/get', async ({ taskId }: { taskId: string }) => detailedTaskOf(deps, await own(taskId))));

  server.server.setRequestHandler(
    'tasks/update',
    { params: params<{ taskId: string }>(taskIdParams) },
    guarded('outcomes:write', 'tasks/update', async ({ taskId }: { taskId: string }, ctx: ServerContext) => {
      // The SDK lifts `inputResponses` out of the params (the MRTR shape) into the request context.
      const inputResponses: Record<string, unknown> = ctx.mcpReq.inputResponses ?? {};
      const action = pendingActionOf(await own(taskId));
      // Only the outstanding request counts; answers to unknown or already answered keys are ignored.
      const answer = action ? (inputResponses[action.id] as ElicitAnswer | undefined) : undefined;
      const decision = action && answer ? decisionOfAnswer(deps, answer) : undefined;
      if (action && decision) {
        if (!deps.approvals) throw new ProtocolError(ProtocolErrorCode.InternalError, 'Approvals are not available on this server.');
        await deps.approvals.decide(principal, action.id, decision);
      }
      return {};
    }),
  );

  server.server.setRequestHandler(
    'tasks/cancel',
    { params: params<{ taskId: string }>(taskIdParams) },
    guarded('outcomes:write', 'tasks/cancel', async ({ taskId }: { taskId: string }) => {
      const row = await own(taskId);
      // Cancellation is cooperative: an outcome that already finished is acknowledged and stays as it is.
      if (row.status === 'processing' || row.status === 'revision_requested') {
        await deps.engine.cancel(principal.workspace, row.id).catch((error: unknown) => {
          if (!(error instanceof ServiceError && error.code === 'outcome_not_cancellable')) throw error;
        });
      }
      return {};
    }),
  );
}
