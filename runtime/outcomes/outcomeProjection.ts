import type { OutcomeContext } from '../../machines/outcome.js';
import type { PendingAction } from '../../machines/approvals.js';
import type { OutcomeSnapshot } from './engineMachines.js';
import { failedData, failureDetails, progressOf } from '../../machines/outcomeEvents.js';
import type { TickRows } from '../actors/tickRows.js';
import { eventId } from '../actors/eventId.js';
import type { OutcomeRow } from '../../storage/repositories/outcomes.js';

export type PublicStatus = 'processing' | 'completed' | 'failed' | 'revision_requested';

/** The outcome machine's top-level states. */
export type OutcomePhase = 'boot' | 'held' | 'queued' | 'processing' | 'awaiting_approval' | 'completed' | 'revising' | 'failed';

/**
 * The top-level state of an outcome snapshot, read off its value. Same answer as
 * `snapshot.matches(phase)` for a top-level state, without the parsing `matches` does on every
 * call: the host asks this several times per outcome per tick (at rest? status, progress, estimate).
 */
export function phaseOf(snapshot: Pick<OutcomeSnapshot, 'value'>): OutcomePhase {
  const value = snapshot.value as string | Record<string, unknown>;
  if (typeof value === 'string') return value as OutcomePhase;
  for (const key in value) return key as OutcomePhase;
  throw new Error('an outcome snapshot without a state');
}

/** The spec's status for a state of the outcome machine. */
export function publicStatus(snapshot: OutcomeSnapshot): PublicStatus {
  const phase = phaseOf(snapshot);
  if (phase === 'completed') return 'completed';
  if (phase === 'failed') return 'failed';
  if (phase === 'revising') return 'revision_requested';
  return 'processing';
}

/** The outcome's `progress` as clients see it in this state. */
export function publicProgress(snapshot: OutcomeSnapshot): Record<string, unknown> {
  const context = snapshot.context;
  const phase = phaseOf(snapshot);
  if (phase === 'held') return progressOf(context, 'waiting_for_dependencies');
  if (phase === 'awaiting_approval') return { ...progressOf({ ...context, stageIndex: context.stages.length }, 'awaiting_approval') };
  if (phase === 'queued' || phase === 'boot') return progressOf(context, 'queued');
  if (phase === 'revising') return { ...progressOf({ ...context, stageIndex: context.stages.length }, 'revision'), completion_percentage: 0 };
  if (phase === 'completed') return { current_stage: 'completed', completion_percentage: 100, stages_completed: context.stagesCompleted };
  if (phase === 'failed') {
    const stage = context.stages[context.stageIndex];
    return { ...progressOf(context, stage?.name ?? 'completing'), ...(stage ? { current_agent: stage.agent } : {}) };
  }
  if ((snapshot.value as { processing?: string }).processing === 'completing') return { ...progressOf(context, 'finalizing') };
  return progressOf(context);
}

/**
 * The outcomes-table row for an outcome actor's snapshot. `estimate` (the runtime's
 * CompletionEstimator) replaces the machine's own per-stage guess while processing.
 */
export function outcomeRow(snapshot: OutcomeSnapshot, now: string, estimate?: string | null): OutcomeRow {
  const context = snapshot.context;
  const status = publicStatus(snapshot);
  return {
    id: context.outcomeId,
    workspace_id: context.workspaceId,
    crew: context.crew,
    status,
    created_at: context.createdAt,
    updated_at: now,
    completed_at: context.completedAt,
    revised_at: context.revisedAt ?? null,
    revision_id: context.revisionId ?? null,
    failed_at: status === 'failed' ? context.failedAt : null,
    estimated_completion: status === 'processing' || status === 'revision_requested' ? (context.revision?.estimatedCompletion ?? estimate ?? context.estimatedCompletion) : null,
    progress: publicProgress(snapshot),
    agents: context.agents,
    result: context.result,
    quality_metrics: context.qualityMetrics,
    integrations_executed: context.integrationsExecuted ?? {},
    error: status === 'failed' ? context.error : null,
    retry_available: status === 'failed' ? true : null,
    estimated_retry_time: status === 'failed' ? context.estimatedRetryTime : null,
    revisions_available: context.revisionsAvailable,
    attempt: context.attempt,
    workflow_id: context.workflowId,
    pending_action: phaseOf(snapshot) === 'awaiting_approval' && context.pendingAction ? publicAction(context.pendingAction) : null,
  };
}

/** `pending_action` on the outcome views (the expiry policy stays internal to the action row). */
function publicAction(action: PendingAction): Record<string, unknown> {
  const { on_expiry: _onExpiry, ...rest } = action;
  return rest;
}

/**
 * The rows of an outcome the actor host had to stop because its tick could not be stored: the
 * outcome as failed with `internal_error` (not retryable), its `outcome.failed` event after the
 * last sequence it reached, and the credit given back like any failure.
 */
export function failedOutcomeRows(snapshot: OutcomeSnapshot, reason: string, now: string): TickRows {
  const context = snapshot.context;
  const stage = snapshot.matches('held') ? 'waiting_for_dependencies' : snapshot.matches('revising') ? 'revision' : undefined;
  const error = {
    code: 'internal_error',
    message: 'The outcome could not be stored and was stopped.',
    details: failureDetails(context, reason, { ...(stage ? { stage } : {}), extra: { reason } }),
  };
  const failed: OutcomeContext = { ...context, error, failedAt: now, updatedAt: now, estimatedRetryTime: null };
  const sequence = context.sequence + 1;
  const row: OutcomeRow = {
    ...outcomeRow(snapshot, now),
    status: 'failed',
    failed_at: now,
    completed_at: null,
    estimated_completion: null,
    error,
    retry_available: false,
    estimated_retry_time: null,
  };
  return {
    outcomeStates: [row],
    refunds: [context.workspaceId],
    events: [
      {
        id: eventId(context.outcomeId, sequence),
        workspace_id: context.workspaceId,
        outcome_id: context.outcomeId,
        sequence,
        kind: 'outcome.failed',
        timestamp: now,
        data: { ...failedData(failed), retry_available: false },
      },
    ],
  };
}
