import type { OutcomeContext, OutcomeError, RevisionNotes } from './outcomeTypes.js';

/*
 * The public payloads of the outcome machine's spec events (`data` of outcome.processing,
 * crew.agent_started, crew.agent_completed, outcome.completed, outcome.failed and
 * outcome.revision_requested) and the `progress` object they carry. Pure functions of the
 * machine's context: the chart calls them at the transition an event belongs to, and the actor
 * host's failure path calls `failedData` for an outcome it had to stop.
 */

function secondsBetween(from: string, to: string): number {
  return Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 1000));
}

/** The spec's `progress` object for the stage about to run (or done, when `index` is past the end). */
export function progressOf(context: Pick<OutcomeContext, 'stages' | 'stagesCompleted' | 'stageIndex'>, currentStage?: string) {
  const total = context.stages.length;
  const stage = context.stages[context.stageIndex];
  const next = context.stages[context.stageIndex + 1];
  return {
    current_stage: currentStage ?? stage?.name ?? 'completed',
    completion_percentage: Math.round((100 * context.stagesCompleted.length) / Math.max(1, total)),
    stages_completed: context.stagesCompleted,
    ...(stage && currentStage === undefined ? { current_agent: stage.agent } : {}),
    ...(currentStage === undefined ? (next ? { next_stage: next.name } : {}) : stage ? { next_stage: stage.name } : {}),
  };
}

export function processingData(c: OutcomeContext): Record<string, unknown> {
  return { outcome_id: c.outcomeId, crew: c.crew, status: 'processing', progress: progressOf(c) };
}

export function agentStartedData(c: OutcomeContext): Record<string, unknown> {
  const stage = c.stages[c.stageIndex]!;
  return { outcome_id: c.outcomeId, crew: c.crew, agent: stage.agent, stage: stage.name, started_at: c.updatedAt, progress: progressOf(c) };
}

export function agentCompletedData(c: OutcomeContext): Record<string, unknown> {
  const stage = c.stages[c.stageIndex]!;
  const next = c.stages[c.stageIndex + 1];
  return {
    outcome_id: c.outcomeId,
    crew: c.crew,
    agent: stage.agent,
    stage: stage.name,
    completed_at: c.updatedAt,
    output_summary: c.agents[stage.agent]?.output_summary ?? '',
    next_stage: next?.name ?? null,
    progress: progressOf({ ...c, stageIndex: c.stageIndex + 1 }),
  };
}

/** `outcome.completed`; after a revision it also says what of the feedback was applied (`notes`). */
export function completedData(c: OutcomeContext, notes?: RevisionNotes): Record<string, unknown> {
  return {
    outcome_id: c.outcomeId,
    crew: c.crew,
    status: 'completed',
    created_at: c.createdAt,
    completed_at: c.completedAt,
    processing_time_seconds: secondsBetween(c.createdAt, c.completedAt ?? c.updatedAt),
    result: {
      content: c.result?.content ?? '',
      metadata: {
        word_count: c.result?.metadata.word_count,
        reading_time: c.result?.metadata.reading_time,
        seo_score: c.result?.metadata.seo_score,
      },
    },
    quality_metrics: c.qualityMetrics
      ? {
          overall_score: c.qualityMetrics.overall_score,
          criteria: {
            relevance: c.qualityMetrics.criteria.relevance,
            clarity: c.qualityMetrics.criteria.clarity,
            completeness: c.qualityMetrics.criteria.completeness,
          },
        }
      : null,
    integrations_executed: Object.entries(c.integrationsExecuted ?? {}).map(([type, entry]) => ({
      type,
      status: entry.status,
      ...(entry.post_url ? { post_url: entry.post_url } : {}),
      ...(entry.file_url ? { file_url: entry.file_url } : {}),
    })),
    // After a revision: completed_at stays the first completion, revised_at says when this one ended.
    ...(c.revision ? { revision_id: c.revision.id, revised_at: c.revisedAt ?? c.updatedAt } : {}),
    ...(c.revision && notes ? { revision: { applied: notes.applied, not_applied: notes.not_applied } } : {}),
  };
}

export function failedData(c: OutcomeContext): Record<string, unknown> {
  return {
    outcome_id: c.outcomeId,
    crew: c.crew,
    status: 'failed',
    created_at: c.createdAt,
    failed_at: c.failedAt ?? c.updatedAt,
    error: c.error,
    retry_available: true,
    estimated_retry_time: c.estimatedRetryTime,
  };
}

export function revisionRequestedData(c: OutcomeContext): Record<string, unknown> {
  return {
    outcome_id: c.outcomeId,
    revision_id: c.revision?.id,
    feedback: c.revision?.feedback,
    changes_requested: c.revision?.changesRequested,
    estimated_completion: c.revision?.estimatedCompletion,
  };
}

/** A failed revision's error: its details name the crew stage (and agent) that applies revisions. */
export function revisionError(c: OutcomeContext, code: string, message: string, lastError: string, retryCount = 0): OutcomeError {
  return { code, message, details: failureDetails({ ...c, stageIndex: c.revisionStage }, lastError, { retryCount }) };
}

/**
 * `outcome.revision_failed` (issue 25; beyond the spec's eleven kinds): the revision that failed,
 * its error (with the stage at the top, as on the revision record) and the revisions left, the
 * failed one given back. The outcome is `completed` again with the content it had.
 */
export function revisionFailedData(c: OutcomeContext, error: OutcomeError): Record<string, unknown> {
  return {
    outcome_id: c.outcomeId,
    crew: c.crew,
    revision_id: c.revision?.id,
    error: { code: error.code, message: error.message, stage: error.details.stage, details: error.details },
    revisions_available: c.revisionsAvailable,
  };
}

/**
 * The spec's `error.details` of a failure: the stage and agent it happened at, the model retries
 * spent there and the last error, on every failure whatever its cause (`extra` adds fields such as
 * the dependency that failed). `retry_count` counts the model retries spent at that stage (0 when
 * the failure is not a model step's). Outside a stage the name says where the outcome stood:
 * `waiting_for_dependencies`, `finalizing` or `revision`; a queued outcome names the stage it
 * would have run next.
 */
export function failureDetails(
  c: Pick<OutcomeContext, 'stages' | 'stageIndex'>,
  lastError: string,
  options: { retryCount?: number; stage?: string; extra?: Record<string, unknown> } = {},
): Record<string, unknown> {
  const stage = c.stages[Math.min(c.stageIndex, c.stages.length - 1)];
  return {
    stage: options.stage ?? c.stages[c.stageIndex]?.name ?? 'finalizing',
    agent: stage?.agent ?? '',
    retry_count: options.retryCount ?? 0,
    last_error: lastError,
    ...options.extra,
  };
}
