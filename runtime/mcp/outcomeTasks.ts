import { deployBody } from '../../schemas/outcomes.js';
import { deployCrewInput, restPartOf, type DeployCrewArgs } from '../../schemas/mcpTools.js';
import type { OutcomeRow } from '../../storage/repositories/outcomes.js';
import { ServiceError } from '../errors.js';
import type { CrewdMcpDeps, McpPrincipal } from './mcpDeps.js';
import { requirePermission } from './permission.js';
import { approvalTaskStatus } from './approvalTaskStatus.js';
import { passed } from './toolSchema.js';

type JsonRpcRequest = { jsonrpc: '2.0'; id: string | number; method: string; params?: Record<string, unknown> };
type JsonRpcAnswer = { jsonrpc: '2.0'; id: string | number; result: Record<string, unknown> } | { jsonrpc: '2.0'; id: string | number; error: { code: number; message: string } };

const invalidParams = -32602;
// tasks/result is answered by the session's server (legacyTaskResult.ts): it may ask the client for input on its stream.
const taskMethods = new Set(['tasks/get', 'tasks/list', 'tasks/cancel']);

/** The tasks capability a 2025-11-25 session advertises: deploy_crew may run as a task. */
export const tasksCapability = { list: {}, cancel: {}, requests: { tools: { call: {} } } };

/** Whether a JSON-RPC message is one of the task messages `answerTaskMessage` answers. */
export function isTaskMessage(message: unknown): message is JsonRpcRequest {
  const m = message as Partial<JsonRpcRequest> | null;
  if (!m || typeof m !== 'object' || m.jsonrpc !== '2.0' || m.id === undefined || typeof m.method !== 'string') return false;
  return taskMethods.has(m.method) || (m.method === 'tools/call' && typeof m.params?.task === 'object' && m.params.task !== null);
}

/** An outcome seen as an MCP task (2025-11-25 tasks): its id is the outcome id, and it lives as long as the outcome. */
export function taskOf(row: OutcomeRow) {
  const error = row.error as { code?: string; message?: string } | null;
  const status = row.status === 'completed' ? 'completed' : row.status === 'failed' ? (error?.code === 'cancelled' ? 'cancelled' : 'failed') : 'working';
  const stage = (row.progress as { current_stage?: string }).current_stage;
  return {
    taskId: row.id,
    status,
    ttl: null,
    createdAt: row.created_at,
    lastUpdatedAt: row.updated_at,
    pollInterval: 1000,
    ...(status === 'working' && stage ? { statusMessage: `${row.status}: ${stage}` } : {}),
    ...(error?.message ? { statusMessage: error.message } : {}),
    // Waiting for an approval: the task needs input (issue 27).
    ...approvalTaskStatus(row),
  };
}

/**
 * deploy_crew as an MCP task, for a client that asks for one (`tools/call` with `params.task`):
 * the call answers at once with the task, and `tasks/get`, `tasks/list` and `tasks/cancel` act on
 * it (`tasks/result` is the session server's: legacyTaskResult.ts). The task IS the outcome, so
 * it is as durable as the outcome (a restart loses nothing) and visible to every session of the workspace. Answers are JSON-RPC messages;
 * bad input or a missing permission is a JSON-RPC error in plain words, and no task is created.
 */
export async function answerTaskMessage(deps: CrewdMcpDeps, principal: McpPrincipal, message: JsonRpcRequest): Promise<JsonRpcAnswer> {
  const workspaceId = principal.workspace.id;
  const params = message.params ?? {};
  const own = async () => {
    const id = String(params.taskId ?? '');
    const row = await deps.outcomes.get(workspaceId, id);
    if (!row) throw new Error(`Task ${id} was not found in this workspace.`);
    return row;
  };
  try {
    switch (message.method) {
      case 'tools/call': {
        if (params.name !== 'deploy_crew') throw new Error(`Only deploy_crew runs as a task; call ${String(params.name)} without params.task.`);
        requirePermission(principal, 'crews:write', 'deploy_crew');
        const args = (params.arguments ?? {}) as Record<string, unknown>;
        const problem = deps.problemOf(deployCrewInput, args) ?? deps.problemOf(deployBody, restPartOf.deploy(args));
        if (!passed<DeployCrewArgs>(args, problem)) throw new Error(`Invalid arguments for tool deploy_crew: ${problem}`);
        const deployed = await deps.engine.deploy(principal.workspace, args.crew, restPartOf.deploy(args));
        const row = await deps.outcomes.get(workspaceId, deployed.id);
        return { jsonrpc: '2.0', id: message.id, result: { task: taskOf(row!) } };
      }
      case 'tasks/get':
        requirePermission(principal, 'outcomes:read', 'tasks/get');
        return { jsonrpc: '2.0', id: message.id, result: taskOf(await own()) };
      case 'tasks/cancel': {
        requirePermission(principal, 'outcomes:write', 'tasks/cancel');
        const row = await own();
        return { jsonrpc: '2.0', id: message.id, result: taskOf(await deps.engine.cancel(principal.workspace, row.id)) };
      }
      default: {
        requirePermission(principal, 'outcomes:read', 'tasks/list');
        const page = await deps.listOutcomes(workspaceId, { limit: 50, ...(typeof params.cursor === 'string' ? { cursor: params.cursor } : {}) });
        const rows = await Promise.all(page.data.map((outcome) => deps.outcomes.get(workspaceId, String(outcome.id))));
        return { jsonrpc: '2.0', id: message.id, result: { tasks: rows.flatMap((row) => (row ? [taskOf(row)] : [])), ...(page.pagination.next_cursor ? { nextCursor: page.pagination.next_cursor } : {}) } };
      }
    }
  } catch (error) {
    const text = error instanceof ServiceError ? `${error.message} (${error.code})` : (error as Error).message;
    return { jsonrpc: '2.0', id: message.id, error: { code: invalidParams, message: text } };
  }
}
