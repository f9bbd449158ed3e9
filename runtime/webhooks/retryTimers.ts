import type { Db } from '../../storage/db.js';

/** The durable timer kind of a webhook retry; the key is the delivery id. */
export const retryTimerKind = 'webhook.retry';

/** Payload of a retry timer: RETRY_DUE for this attempt of this delivery. */
export interface RetryTimerPayload {
  deliveryId: string;
  attempt: number;
}

/**
 * What the dispatcher needs of the durable timers service: a row written in the caller's
 * transaction (so a delivery's result and its next wait commit together) and a handler per kind.
 */
export interface RetryTimers {
  schedule(trx: Db, key: string, dueAt: string, payload: RetryTimerPayload): Promise<void>;
  /** Tells a poller that a row was written, so a short wait is not held up by the poll interval. */
  wake?(dueAt: string): void;
}
