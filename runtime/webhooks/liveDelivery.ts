import type { SnapshotFrom } from 'xstate';
import type { webhookDeliveryMachine } from '../../machines/webhookDelivery.js';
import type { DeliveryRow } from '../../storage/repositories/webhookDeliveries.js';

/** A snapshot of a `webhookDelivery` chart, stepped or restored from its row. */
export type DeliverySnapshot = SnapshotFrom<typeof webhookDeliveryMachine>;

/**
 * A delivery this node is working on: its chart runs in pure steps recorded with the actor host
 * under the row's id. Its state is the chart's snapshot; nothing else is kept beside it.
 */
export interface LiveDelivery {
  /** The row as last stored (the projection's base). */
  row: DeliveryRow;
  /**
   * The chart's latest step; null only while the shortcut's first attempt is in flight, before the
   * chart's first step (firstAttemptShortcut.ts).
   */
  snapshot: DeliverySnapshot | null;
  /** An operator asked for this attempt (redeliver): it goes out even to an inactive webhook. */
  manual: boolean;
  /** Settled after the next stored step at rest (waiting or final). */
  waiters: Array<{ resolve(row: DeliveryRow): void; reject(error: Error): void }>;
}
