import type { AttemptOutput, WebhookDeliveryContext, WebhookDeliveryMachine } from '../../machines/webhookDelivery.js';
import type { PureChart } from '../actors/pureChart.js';
import type { TickRows } from '../actors/tickRows.js';
import type { DeliveryRow } from '../../storage/repositories/webhookDeliveries.js';
import { deliveryProjection } from './deliveryProjection.js';

/** The rows the chart's projection stores for `row` whose first attempt succeeded with `output`. */
export type FirstAttemptShortcut = (row: DeliveryRow, output: AttemptOutput, now: string) => TickRows;

/**
 * The delivery adapter's documented shortcut (docs/actors.md) for the common delivery: a new one
 * whose first attempt is due at once and answered with a 2xx. The chart's path is then certain
 * (`scheduled` -> `attempting` -> `succeeded`, that result recorded), and stepping the chart costs
 * more CPU than the rest of such a delivery's work (docs/benchmarks.md: 44 to 55% more service
 * CPU per delivery, measured in two sessions), so the runner sends first and, on a 2xx, stores through the host's
 * tick the row the chart's projection stores at that end. Anything else (another answer, no
 * answer, a refusal) takes the chart's steps: the chart decides.
 *
 * A finished delivery stores no snapshot (deliveryProjection.ts), so nothing is built by hand: the
 * row comes from the projection of the chart's own end context, which is stepped once here (its
 * pure steps, with the `ATTEMPTED` event of its own type) for a stand-in delivery whose first
 * attempt succeeds; each delivery's row is that end with its own ids and result.
 * test/runtime/webhooks/firstAttemptShortcut.test.ts runs the chart and compares.
 *
 * Returns null when the schedule's first attempt is not immediate (no shortcut applies).
 */
export function createFirstAttemptShortcut(chart: PureChart<WebhookDeliveryMachine>, schedule: number[], jitter = 0): FirstAttemptShortcut | null {
  if (schedule.length === 0 || schedule[0] !== 0) return null;
  const standIn: AttemptOutput = { ok: true, status: 200, responseTimeMs: 0, at: new Date(0).toISOString() };
  const start = chart.initial({ deliveryId: 'del_', webhookId: 'wh_', schedule, jitter, attempt: 0, scheduledAt: standIn.at });
  const end = chart.next(start.snapshot, { type: 'ATTEMPTED', attempt: 1, output: standIn }).snapshot;
  if (end.status !== 'done' || end.value !== 'succeeded' || end.context.attempt !== 1) {
    throw new Error(`webhookDelivery: a first attempt's 2xx no longer ends the chart in succeeded (${JSON.stringify(end.value)})`);
  }
  const ended = end.context;

  return function succeededAtOnce(row: DeliveryRow, output: AttemptOutput, now: string): TickRows {
    const context: WebhookDeliveryContext = { ...ended, deliveryId: row.id, webhookId: row.webhook_id, scheduledAt: row.created_at, lastAttempt: output };
    return deliveryProjection(row, 'succeeded', context, null, now);
  };
}
