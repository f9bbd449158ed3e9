import { ProtocolError, ProtocolErrorCode, RELATED_TASK_META_KEY, type McpServer, type ServerContext } from '@modelcontextprotocol/server';
import type { JsonSchema } from '../../schemas/types.js';
import type { OutcomeRow } from '../../storage/repositories/outcomes.js';
import { ServiceError } from '../errors.js';
import { approvalElicitation, decisionOfAnswer, pendingActionOf } from './approvalElicitation.js';
import type { CrewdMcpDeps, McpPrincipal } from './mcpDeps.js';
import { requirePermission } from './permission.js';
import { refusingAsInvalidParams } from './refusal.js';
import { toolSchema } from './toolSchema.js';
import { waitForOutcome } from './waitForOutcome.js';

const taskIdParams: JsonSchema = { type: 'object', properties: { taskId: { type: 'string', minLength: 1 } }, required: ['taskId'] };

/** A person may take days to answer: the question stays open until the client answers or goes away. */
const answerTimeoutMs = 2 ** 31 - 1;

/**
 * `tasks/result` of a 2025-11-25 deploy_crew task, answered by the session's own server so it can
 * use the side channel the tasks spec gives it: the call waits for the outcome and, each time the
 * outcome waits for a person, sends the client an `elicitation/create` request (form mode,
 * related to the task) on this request's stream. The answer is decided through the same path as
 * POST /v1/outcomes/{id}/actions/{action_id} (the caller's key decides), and the wait goes on
 * until the outcome completes or fails. A client that did not declare form elicitation is never
 * asked: the task stays `input_required` (tasks/get) and resolve_action answers it, as does a
 * dismissed question (`cancel`) or a decision any other channel makes first.
 */
export function registerLegacyTaskResult(server: McpServer, deps: CrewdMcpDeps, principal: McpPrincipal): void {
  const params = toolSchema<{ taskId: string }>(taskIdParams, (value) => deps.problemOf(taskIdParams, value));
  server.server.setRequestHandler('tasks/result', { params }, async ({ taskId }: { taskId: string }, ctx: ServerContext) => {
    const related = { [RELATED_TASK_META_KEY]: { taskId } };
    return refusingAsInvalidParams(async () => {
      requirePermission(principal, 'outcomes:read', 'tasks/result');
      if (!(await deps.outcomes.get(principal.workspace.id, taskId))) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Task ${taskId} was not found in this workspace.`);
      const canAsk = Boolean(deps.approvals && server.server.getClientCapabilities()?.elicitation?.form && principal.permissions.includes('outcomes:write'));
      const asked = new Set<string>();
      const unasked = (row: OutcomeRow) => {
        const action = pendingActionOf(row);
        return canAsk && action !== undefined && !asked.has(action.id);
      };
      for (;;) {
        const row = await waitForOutcome(deps, principal.workspace.id, taskId, ctx.mcpReq.signal, async () => undefined, unasked);
        const action = pendingActionOf(row);
        if (!action || row.status !== 'processing') {
          const view = deps.outcomeView(row);
          return { content: [{ type: 'text', text: JSON.stringify(view, null, 2) }], structuredContent: view, ...(row.status === 'completed' ? {} : { isError: true }), _meta: related };
        }
        asked.add(action.id);
        await askFor(action);
      }
    });

    async function askFor(action: NonNullable<ReturnType<typeof pendingActionOf>>): Promise<void> {
      const answer = await server.server
        .elicitInput({ ...approvalElicitation(action), _meta: related }, { relatedRequestId: ctx.mcpReq.id, signal: ctx.mcpReq.signal, timeout: answerTimeoutMs })
        .catch(() => undefined);
      // A client that failed to ask is not asked again for this action; the task stays input_required.
      // A form that is no decision fails tasks/result as invalid params (refusingAsInvalidParams).
      const decision = answer ? decisionOfAnswer(deps, answer) : undefined;
      if (!decision) return;
      await deps.approvals!.decide(principal, action.id, decision).catch((error: unknown) => {
        // Decided meanwhile on another channel: that decision stands, and the wait goes on.
        if (!(error instanceof ServiceError && (error.code === 'action_already_resolved' || error.code === 'action_not_pending'))) throw error;
      });
    }
  });
}
