import type { ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { decisionBody } from '../../schemas/approvals.js';
import type { OutcomeRow } from '../../storage/repositories/outcomes.js';
import type { DecisionRequest } from '../../schemas/approvals.js';
import { errors } from '../errors.js';
import type { CrewdMcpDeps } from './mcpDeps.js';

/** The pending action an outcome waits on (issue 27), as the outcome row stores it. */
export interface PendingAction {
  id: string;
  kind: string;
  summary?: string;
  preview?: { content?: string; integrations?: Array<{ integration?: string; action?: string; target?: unknown }> };
}


/** What an elicitation answer carries (ElicitResult of either generation). */
export interface ElicitAnswer {
  action: string;
  content?: Record<string, unknown>;
}

/** How much of the result's Markdown the question shows; the whole text stays in `preview` and on the outcome. */
const previewChars = 4_000;

/** The action the outcome waits on, when it is processing and waits for a person. */
export function pendingActionOf(row: OutcomeRow): PendingAction | undefined {
  const action = row.pending_action as PendingAction | null | undefined;
  return row.status === 'processing' && action?.id ? action : undefined;
}

/**
 * The question put to the client for a pending action, in each generation's own way (an
 * `elicitation/create` request on 2025-11-25, an entry of `inputRequests` on 2026-07-28): a form
 * with `decision` (approve or reject), an optional `comment`, and, for a result, optional
 * `content` that replaces the Markdown before it is published. The fields are POST
 * /v1/outcomes/{id}/actions/{action_id}'s body, so the answer goes through the same decision.
 */
export function approvalElicitation(action: PendingAction): ElicitRequestFormParams {
  const lines = [`crewd asks for a decision (${action.kind}, ${action.id}): ${action.summary ?? ''}`.trim()];
  for (const step of action.preview?.integrations ?? []) lines.push(`- ${step.integration ?? ''} ${step.action ?? ''} ${JSON.stringify(step.target ?? {})}`.trimEnd());
  const content = action.preview?.content;
  if (content) lines.push('', content.length > previewChars ? `${content.slice(0, previewChars)}\n[… ${content.length - previewChars} more characters; the outcome shows the whole text]` : content);
  return {
    mode: 'form',
    message: lines.join('\n'),
    requestedSchema: {
      type: 'object',
      properties: {
        decision: { type: 'string', title: 'Decision', enum: ['approve', 'reject'], description: 'approve lets the outcome go on; reject skips the integrations, or fails the result with rejected_by_reviewer.' },
        comment: { type: 'string', title: 'Comment', description: 'Why; a rejected result passes it to a retry or revision as feedback.', maxLength: 5_000 },
        ...(action.kind === 'approve_result' ? { content: { type: 'string', title: 'Edited result', description: 'Markdown that replaces the result before it is published (leave empty to keep it).', maxLength: 200_000 } } : {}),
      },
      required: ['decision'],
    },
  };
}

/**
 * The decision an elicitation answer carries, checked by the REST body's own schema: `accept`
 * with the form's fields; `decline` (the person refused to approve) is a reject; `cancel` (the
 * question was dismissed) decides nothing, and the action stays pending for any other channel.
 * Throws the REST 400 (`invalid_request`, in its words) when an accepted form is not a valid decision.
 */
export function decisionOfAnswer(deps: Pick<CrewdMcpDeps, 'problemOf'>, answer: ElicitAnswer): DecisionRequest | undefined {
  if (answer.action === 'decline') return { decision: 'reject', comment: 'Declined from the MCP client.' };
  if (answer.action !== 'accept') return undefined;
  const fields = Object.fromEntries(Object.entries(answer.content ?? {}).filter(([, value]) => value !== '' && value !== undefined && value !== null));
  const problem = deps.problemOf(decisionBody, fields);
  if (problem) throw errors.invalidRequest(`The answer is not a decision: ${problem}`, { action: answer.action });
  return {
    decision: fields.decision === 'approve' ? 'approve' : 'reject',
    ...(typeof fields.comment === 'string' ? { comment: fields.comment } : {}),
    ...(typeof fields.content === 'string' ? { content: fields.content } : {}),
  };
}
