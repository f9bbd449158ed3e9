import type { DeliveryRow } from '../../storage/repositories/webhookDeliveries.js';
import type { RetrySchedule } from './retryPolicy.js';

/** The spec's envelope, serialized once per event: these bytes are signed and sent on every attempt. */
export function envelope(kind: string, timestamp: string, data: unknown): string {
  return JSON.stringify({ event: kind, timestamp, data });
}

/**
 * A debug webhook's body: the stored envelope with a `debug` member appended. It is built per
 * attempt because it names the attempt; every other body is sent exactly as stored.
 */
export function debugBody(row: DeliveryRow, attempt: number, schedule: RetrySchedule, publicUrl: string | undefined): string {
  const outcomeId = outcomeIdOf(row.body);
  const base = publicUrl ?? '';
  const debug = {
    delivery_id: row.id,
    webhook_id: row.webhook_id,
    event_id: row.event_id,
    attempt,
    max_attempts: schedule.length,
    retry_schedule_ms: schedule,
    ...(outcomeId
      ? {
          outcome_id: outcomeId,
          outcome_url: `${base}/v1/outcomes/${outcomeId}`,
          stream_url: `${base.replace(/^http/, 'ws')}/v1/outcomes/${outcomeId}/stream`,
        }
      : {}),
  };
  return `${row.body.slice(0, -1)},"debug":${JSON.stringify(debug)}}`;
}

function outcomeIdOf(body: string): string | null {
  const match = /"outcome_id":"(out_[A-Za-z0-9]+)"/.exec(body);
  return match?.[1] ?? null;
}
