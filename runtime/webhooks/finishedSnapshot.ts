import type { AttemptOutput, WebhookDeliveryContext, WebhookDeliveryMachine } from '../../machines/webhookDelivery.js';

export interface FinishedSnapshotInput {
  deliveryId: string;
  webhookId: string;
  schedule: number[];
  /** The delivery's `scheduledAt` input (its row's created_at). */
  scheduledAt: string | null;
  /** The attempt that ended the delivery and its result. */
  attempt: number;
  output: AttemptOutput;
}

type FinalState = 'succeeded' | 'failed';

/**
 * Builds the persisted snapshot (JSON) of a `webhookDelivery` actor that ended in `succeeded` or
 * `failed` with `output` as its last attempt, through XState's public API (`resolveState`,
 * `getPersistedSnapshot`) rather than by hand, so it follows the machine's own shape.
 *
 * Used where no actor ran: a first attempt made before any actor existed (an actor costs more than
 * the send, and most first attempts succeed), and a manual redelivery of a finished delivery.
 * Resolving a state costs tens of microseconds, which shows at thousands of deliveries a second;
 * so each final state is resolved once (per factory) and only the context, which is ours, differs
 * per delivery. test/runtime/webhooks/finishedSnapshot.test.ts runs the machine and compares.
 */
export function createFinishedSnapshots(machine: WebhookDeliveryMachine) {
  const templates = new Map<FinalState, Record<string, unknown>>();

  function template(value: FinalState, context: WebhookDeliveryContext): Record<string, unknown> {
    let found = templates.get(value);
    if (!found) {
      const persisted = machine.getPersistedSnapshot(machine.resolveState({ value, context, historyValue: {} })) as unknown as Record<string, unknown>;
      found = JSON.parse(JSON.stringify(persisted)) as Record<string, unknown>;
      templates.set(value, found);
    }
    return found;
  }

  return function finishedSnapshot(input: FinishedSnapshotInput): string {
    const context: WebhookDeliveryContext = {
      deliveryId: input.deliveryId,
      webhookId: input.webhookId,
      schedule: input.schedule,
      attempt: input.attempt,
      lastAttempt: input.output,
      nextRetryAt: null,
      scheduledAt: input.scheduledAt,
      error: null,
    };
    return JSON.stringify({ ...template(input.output.ok ? 'succeeded' : 'failed', context), context });
  };
}
