import type { RecordAttemptParams, ScheduleRetryParams } from '../../machines/webhookDelivery.js';
import { latestAttemptOf, type DeliveryRow } from '../../storage/repositories/webhookDeliveries.js';
import type { ResultWrite } from './resultWriter.js';

/** A delivery's transition as its actor (or an attempt made without one) left it. */
export interface Transition {
  state: 'waiting' | 'succeeded' | 'failed';
  /** The attempt just made, if any (recordAttempt). */
  record: RecordAttemptParams | null;
  /** The retry to wait for, if any (scheduleRetry). */
  retry: ScheduleRetryParams | null;
  /** The machine's `nextRetryAt` (null when it had no reference time). */
  nextRetryAt: string | null;
  /** The persisted snapshot, as JSON. */
  snapshot: string;
  /** Why the attempt actor itself failed (not a receiver failure). */
  contextError?: string | null;
}

/**
 * What a transition stores: the delivery row with the attempt's result, the attempt the row
 * showed until now (it moves to the history when a later one replaces it), and the retry timer
 * when the delivery waits. Pure; `now` only dates a retry whose machine had no reference time.
 */
export function transitionWrite(row: DeliveryRow, change: Transition, now: Date): ResultWrite {
  const { state, record, retry } = change;
  const nextRetry = state === 'waiting' ? (change.nextRetryAt ?? new Date(now.getTime() + (retry?.delayMs ?? 0)).toISOString()) : null;
  const next: DeliveryRow = {
    ...row,
    state,
    attempt: record ? record.attempt : row.attempt,
    response_code: record ? record.result.status : row.response_code,
    response_time_ms: record ? record.result.responseTimeMs : row.response_time_ms,
    delivered_at: record ? record.result.at : row.delivered_at,
    next_retry: nextRetry,
    error: record ? (record.result.error ?? null) : (change.contextError ?? row.error),
    snapshot: change.snapshot,
  };
  const history = record && record.attempt > row.attempt ? latestAttemptOf(row) : null;
  const timer = state === 'waiting' && retry ? { key: row.id, dueAt: nextRetry!, payload: { deliveryId: row.id, attempt: retry.attempt } } : null;
  return { row: next, history, timer };
}
