import type { McpServer } from '@modelcontextprotocol/server';
import { actionList, actionView, listPendingActionsInput, resolveActionInput } from '../../schemas/approvals.js';
import type { JsonSchema } from '../../schemas/types.js';
import type { DecisionRequest } from '../../schemas/approvals.js';
import type { CrewdMcpDeps, McpPrincipal } from './mcpDeps.js';
import { requirePermission } from './permission.js';
import { toolSchema } from './toolSchema.js';

type Args = Record<string, unknown>;

/** resolve_action's arguments once resolveActionInput passed them: the action and the decision. */
type ResolveActionArgs = DecisionRequest & { action_id: string };

function answer(value: Record<string, unknown>) {
  return { content: [{ type: 'text' as const, text: JSON.stringify(value, null, 2) }], structuredContent: value };
}

/**
 * The approval tools of crewd's MCP server (issue 27): `list_pending_actions` (GET
 * /v1/actions?status=pending) and `resolve_action` (POST /v1/outcomes/{id}/actions/{action_id}),
 * with the same permissions, validation and answers. The decider is the caller's key.
 */
export function registerApprovalTools(server: McpServer, deps: CrewdMcpDeps, principal: McpPrincipal): void {
  const approvals = deps.approvals;
  if (!approvals) return;
  const workspace = principal.workspace;
  const schema = <T = Args>(json: JsonSchema) => toolSchema<T>(json, (value) => deps.problemOf(json, value));

  server.registerTool(
    'list_pending_actions',
    {
      title: 'List pending approvals',
      description: 'Outcomes of this workspace waiting for a person: each action with its kind (approve_integrations or approve_result), summary, preview (the content and each integration action with its target) and expiry. Oldest first; pass pagination.next_cursor back as cursor.',
      inputSchema: schema(listPendingActionsInput),
      outputSchema: schema(actionList),
    },
    async (args: Args) => {
      requirePermission(principal, 'outcomes:read', 'list_pending_actions');
      return answer(await approvals.listPending(workspace.id, { limit: 20, ...args }));
    },
  );

  server.registerTool(
    'resolve_action',
    {
      title: 'Approve or reject a pending action',
      description: 'Decide an outcome’s pending action: approve (the outcome continues) or reject (integrations are skipped, or the result fails with rejected_by_reviewer). content replaces the result Markdown before it is published. Deciding again the same way replays; the other way is an error.',
      inputSchema: schema<ResolveActionArgs>(resolveActionInput),
      outputSchema: schema(actionView),
    },
    async (args: ResolveActionArgs) => {
      requirePermission(principal, 'outcomes:write', 'resolve_action');
      const { action_id: actionId, ...request } = args;
      return answer(await approvals.decide(principal, actionId, request));
    },
  );
}
