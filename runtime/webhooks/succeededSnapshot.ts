import type { AttemptOutput, WebhookDeliveryContext } from '../../machines/webhookDelivery.js';

/** The machine version this snapshot shape belongs to; the dispatcher uses it only on a match. */
export const succeededSnapshotMachineVersion = '1';

export interface SucceededSnapshotInput {
  deliveryId: string;
  webhookId: string;
  schedule: number[];
  /** The delivery's `scheduledAt` input (its row's created_at). */
  scheduledAt: string | null;
}

/**
 * The persisted snapshot a `webhookDelivery` actor (machine version 1) ends with when its first
 * attempt, an immediate one, succeeds: `succeeded`, attempt 1, that attempt as `lastAttempt`.
 *
 * The dispatcher stores it for a first attempt it made without starting an actor (an actor costs
 * more than the send). It must stay what the machine itself would persist:
 * test/runtime/webhooks/succeededSnapshot.test.ts runs the machine and compares, so a change to
 * the machine that this does not follow fails there.
 */
export function succeededSnapshot(input: SucceededSnapshotInput, output: AttemptOutput) {
  const context: WebhookDeliveryContext = {
    deliveryId: input.deliveryId,
    webhookId: input.webhookId,
    schedule: input.schedule,
    attempt: 1,
    lastAttempt: output,
    nextRetryAt: null,
    scheduledAt: input.scheduledAt,
    error: null,
  };
  return { status: 'done' as const, value: 'succeeded' as const, historyValue: {}, context, children: {} };
}
