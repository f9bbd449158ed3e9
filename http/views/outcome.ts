import type { OutcomeRow } from '../../storage/repositories/outcomes.js';
import type { RevisionRow } from '../../storage/repositories/revisions.js';

/** `revised_at` and `revision_id` once a revision completed (`completed_at` keeps the first completion). */
function revised(row: OutcomeRow): Record<string, unknown> {
  return row.revised_at ? { revised_at: row.revised_at, revision_id: row.revision_id } : {};
}

/**
 * GET /v1/outcomes/{id}: the status view (progress and agents) while processing or revising,
 * the completed view (id, status, crew, created_at, completed_at, result, revisions_available)
 * once completed, and the error with retry information once failed.
 */
export function outcomeView(row: OutcomeRow): Record<string, unknown> {
  const base = { id: row.id, status: row.status, crew: row.crew, created_at: row.created_at };
  if (row.status === 'completed') {
    return { ...base, completed_at: row.completed_at, ...revised(row), result: row.result, revisions_available: row.revisions_available };
  }
  if (row.status === 'failed') {
    return {
      ...base,
      failed_at: row.failed_at,
      error: row.error,
      retry_available: row.retry_available ?? true,
      ...(row.estimated_retry_time ? { estimated_retry_time: row.estimated_retry_time } : {}),
      progress: row.progress,
      agents: row.agents,
      revisions_available: row.revisions_available,
    };
  }
  return {
    ...base,
    ...(row.estimated_completion ? { estimated_completion: row.estimated_completion } : {}),
    progress: row.progress,
    agents: row.agents,
    // While a revision runs the previous result stays readable.
    ...(row.result ? { result: row.result, completed_at: row.completed_at, ...revised(row) } : {}),
    revisions_available: row.revisions_available,
    // Waiting for a person (issue 27): the action to answer.
    ...(row.pending_action ? { pending_action: row.pending_action } : {}),
  };
}

export function resultView(row: OutcomeRow): Record<string, unknown> {
  return {
    id: row.id,
    status: row.status,
    crew: row.crew,
    completed_at: row.completed_at,
    ...revised(row),
    result: row.result,
    integrations_executed: row.integrations_executed ?? {},
    quality_metrics: row.quality_metrics,
  };
}

export function revisionView(row: RevisionRow): Record<string, unknown> {
  return { revision_id: row.id, status: row.status, estimated_completion: row.estimated_completion, changes_requested: row.changes_requested };
}

/** A failed revision's error as the record shows it: code, message, the stage it failed at, details; null otherwise. */
function revisionErrorView(error: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!error) return null;
  const details = (error.details ?? {}) as Record<string, unknown>;
  return { code: error.code, message: error.message, stage: typeof details.stage === 'string' ? details.stage : 'revision', details };
}

export function revisionRecordView(row: RevisionRow): Record<string, unknown> {
  return {
    revision_id: row.id,
    outcome_id: row.outcome_id,
    status: row.status,
    feedback: row.feedback,
    requirements: row.requirements,
    priority: row.priority,
    changes_requested: row.changes_requested,
    estimated_completion: row.estimated_completion,
    created_at: row.created_at,
    completed_at: row.completed_at,
    applied: row.applied ?? null,
    not_applied: row.not_applied ?? null,
    error: revisionErrorView(row.error),
  };
}

/** Opaque list cursor: the keyset position (created_at, id) of the last row of a page. */
export function encodeCursor(row: { created_at: string; id: string }): string {
  return Buffer.from(JSON.stringify([row.created_at, row.id])).toString('base64url');
}

export function decodeCursor(cursor: string): { createdAt: string; id: string } | null {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && typeof value[1] === 'string' && !Number.isNaN(Date.parse(value[0]))) {
      return { createdAt: value[0], id: value[1] };
    }
  } catch {
    // fall through
  }
  return null;
}
