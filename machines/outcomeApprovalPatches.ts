import { pendingActionOf, rejectedIntegrations, type ActionKind, type DecideEvent, type PreparedAction } from './approvals.js';
import { failureDetails } from './outcomeEvents.js';
import type { OutcomeContext } from './outcomeTypes.js';

/**
 * The context changes of the outcome chart's approval transitions (issue 27), as pure functions so
 * the chart (outcome.ts) reads as its states and transitions. Each returns the fields it changes.
 */

/** Entering the wait: the open action built from what `prepareAction` resolved with. */
export function waiting(context: OutcomeContext, kind: ActionKind, prepared: PreparedAction): Partial<OutcomeContext> {
  return { pendingAction: pendingActionOf(context.outcomeId, kind, context.attempt, context.approvals!, prepared), updatedAt: prepared.at };
}

/** `prepareAction` or the held integrations threw: the outcome fails as an internal error. */
export function approvalStepFailed(context: OutcomeContext, error: unknown, message: string, stage: string): Partial<OutcomeContext> {
  return {
    error: { code: 'internal_error', message, details: failureDetails(context, String((error as Error)?.message ?? error), { stage }) },
    failedAt: context.updatedAt,
  };
}

/** Integrations approved or rejected: the gate, the edit, and `status: rejected` entries for a reject. */
export function integrationsDecided(context: OutcomeContext, event: DecideEvent): Partial<OutcomeContext> {
  const editedContent = event.content ?? context.editedContent ?? null;
  if (event.decision === 'approve') return { integrationsGate: 'approved', editedContent };
  return { integrationsGate: 'rejected', editedContent, integrationsExecuted: { ...(context.integrationsExecuted ?? {}), ...rejectedIntegrations(context.pendingAction!) } };
}

/** The result approved: the draft (with the reviewer's edit) becomes the result. */
export function resultApproved(context: OutcomeContext, event: DecideEvent): Partial<OutcomeContext> {
  const draft = context.draft!;
  return {
    result: event.content === null ? draft.result : { ...draft.result, content: event.content, metadata: { ...draft.result.metadata, edited_by_reviewer: true } },
    qualityMetrics: draft.qualityMetrics,
    draft: null,
    completedAt: event.at,
    estimatedCompletion: null,
    stageIndex: context.stages.length,
  };
}

/** The result rejected: failed with `rejected_by_reviewer`; a retry runs the last stage again with the comment as feedback. */
export function resultRejected(context: OutcomeContext, event: DecideEvent): Partial<OutcomeContext> {
  const last = context.stages.length - 1;
  return {
    draft: null,
    stageIndex: last,
    stagesCompleted: context.stagesCompleted.filter((name) => name !== context.stages[last]!.name),
    failedAt: event.at,
    error: {
      code: 'rejected_by_reviewer',
      message: 'A reviewer rejected the result.',
      details: failureDetails({ ...context, stageIndex: last }, event.comment ?? 'Rejected without a comment.', { stage: 'awaiting_approval', extra: { action_id: event.actionId, comment: event.comment } }),
    },
  };
}
