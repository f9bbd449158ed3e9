import type { WebhookDeliveryContext } from '../../machines/webhookDelivery.js';
import type { TickRows } from '../actors/tickRows.js';
import { latestAttemptOf, type DeliveryRow } from '../../storage/repositories/webhookDeliveries.js';
import type { DeliverySnapshot } from './liveDelivery.js';
import { retryTimerKind } from './retryTimers.js';

/** Where a delivery rests: the row's state for a snapshot at rest. */
export type RestingState = 'waiting' | 'succeeded' | 'failed';

/** The delivery row's state for a snapshot at rest; null while an attempt is due or in flight. */
export function restingState(snapshot: DeliverySnapshot): RestingState | null {
  if (snapshot.status === 'done') return snapshot.value as 'succeeded' | 'failed';
  return snapshot.matches('waiting') ? 'waiting' : null;
}

/**
 * The delivery machine's projection: what a snapshot stores, given the row as last stored.
 * - At rest (`waiting`, `succeeded`, `failed`): the row with the latest attempt's result; the
 *   attempt the row showed until now when a later one replaces it (kept in `webhook_attempts`);
 *   and, while waiting, the persisted snapshot and the retry timer (RETRY_DUE for the next
 *   attempt). A finished delivery keeps no snapshot: its row (state, attempts, result) is all there
 *   is of it, nothing restores it, and a redelivery starts a chart of its own. So no path stores a
 *   snapshot it did not step to (the first-attempt shortcut stores the row alone).
 * - `scheduled` or `attempting`: nothing. An attempt in flight is not stored; a crash meanwhile
 *   leaves the row as it was (`scheduled`, or `waiting` without its fired timer) and recovery
 *   attempts it again.
 * - A snapshot the row already shows (a waiting delivery restored before RETRY_DUE): nothing.
 * An attempt was made when the machine recorded its result: `lastAttempt` is set and the attempt
 * actor did not fail (`error` is set only then, and the attempt number then counts no result).
 * Pure: `state` and `context` are the snapshot's (`restingState`), `persisted` serializes it (null
 * where there is no stepped snapshot: only a finished delivery may be stored without one);
 * `now` dates the row and a retry without reference time.
 */
export function deliveryProjection(row: DeliveryRow, state: RestingState | null, context: WebhookDeliveryContext, persisted: (() => string) | null, now: string): TickRows {
  if (state === null) return {};
  if (state === 'waiting' && persisted === null) throw new Error(`delivery ${row.id}: a waiting delivery is stored with its snapshot, which its retry restores`);
  if (state === row.state && context.attempt === row.attempt) return {};
  const result = context.error === null ? context.lastAttempt : null;
  const waiting = state === 'waiting';
  const nextRetry = waiting ? (context.nextRetryAt ?? new Date(Date.parse(now) + (context.schedule[context.attempt] ?? 0)).toISOString()) : null;
  const next: DeliveryRow = {
    ...row,
    state,
    attempt: result ? context.attempt : row.attempt,
    response_code: result ? result.status : row.response_code,
    response_time_ms: result ? result.responseTimeMs : row.response_time_ms,
    delivered_at: result ? result.at : row.delivered_at,
    next_retry: nextRetry,
    error: result ? (result.error ?? null) : (context.error ?? row.error),
    snapshot: waiting && persisted ? persisted() : null,
    updated_at: now,
  };
  const history = result && context.attempt > row.attempt ? latestAttemptOf(row) : null;
  return {
    deliveryStates: [next],
    ...(history ? { deliveryAttempts: [history] } : {}),
    ...(waiting
      ? { timers: [{ kind: retryTimerKind, key: row.id, due_at: nextRetry!, payload: { deliveryId: row.id, attempt: context.attempt + 1 }, created_at: now }] }
      : {}),
  };
}
