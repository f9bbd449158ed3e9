import { initialTransition, transition, type DoneActorEvent } from 'xstate';
import type { AttemptOutput, WebhookDeliveryContext, WebhookDeliveryEvent, WebhookDeliveryMachine } from '../../machines/webhookDelivery.js';
import type { TickRows } from '../actors/tickRows.js';
import type { DeliveryRow } from '../../storage/repositories/webhookDeliveries.js';
import { deliveryProjection } from './deliveryProjection.js';

/**
 * The delivery adapter's documented shortcut (docs/actors.md) for the common delivery: a new one
 * whose first attempt is due at once and answered with a 2xx. The chart's path is then certain
 * (`scheduled` -> `attempting` -> `succeeded`, that result recorded), and a live actor costs more
 * than the send, so the runner sends first and, on a 2xx, stores what the chart ends with through
 * the host's tick (`commit`) without starting an actor. Anything else (another answer, no answer,
 * a refusal) starts the actor, whose `attempt` slot answers with that outcome: the chart decides.
 *
 * What is stored is the chart's own: the machine is run once here, with xstate's pure transitions,
 * for a stand-in delivery whose first attempt succeeds; each delivery's snapshot is that final
 * snapshot with the delivery's input (ids, `scheduledAt`) and its attempt's result in the context.
 * test/runtime/webhooks/firstAttemptShortcut.test.ts runs the chart and compares.
 *
 * Returns null when the schedule's first attempt is not immediate (no shortcut applies).
 */
/** The rows the chart's projection stores for `row` whose first attempt succeeded with `output`. */
export type FirstAttemptShortcut = (row: DeliveryRow, output: AttemptOutput, now: string) => TickRows;

export function createFirstAttemptShortcut(logic: WebhookDeliveryMachine, schedule: number[], jitter = 0): FirstAttemptShortcut | null {
  if (schedule.length === 0 || schedule[0] !== 0) return null;
  const standIn: AttemptOutput = { ok: true, status: 200, responseTimeMs: 0, at: new Date(0).toISOString() };
  const [start] = initialTransition(logic, { deliveryId: 'del_', webhookId: 'wh_', schedule, jitter, attempt: 0, scheduledAt: standIn.at });
  // The invoked attempt's done event: internal to xstate, so outside the machine's own event type.
  const done: DoneActorEvent<AttemptOutput, 'attempt'> = { type: 'xstate.done.actor.attempt', output: standIn, actorId: 'attempt' };
  const [end] = transition(logic, start, done as unknown as WebhookDeliveryEvent);
  if (end.status !== 'done' || end.value !== 'succeeded' || end.context.attempt !== 1) {
    throw new Error(`webhookDelivery: a first attempt's 2xx no longer ends the chart in succeeded (${JSON.stringify(end.value)})`);
  }
  const template = JSON.parse(JSON.stringify(logic.getPersistedSnapshot(end))) as Record<string, unknown> & { context: WebhookDeliveryContext };

  /** The rows the chart's projection stores for `row` whose first attempt succeeded with `output`. */
  return function succeededAtOnce(row: DeliveryRow, output: AttemptOutput, now: string): TickRows {
    const context: WebhookDeliveryContext = { ...template.context, deliveryId: row.id, webhookId: row.webhook_id, scheduledAt: row.created_at, lastAttempt: output };
    return deliveryProjection(row, 'succeeded', context, () => JSON.stringify({ ...template, context }), now);
  };
}
