import type { SnapshotFrom } from 'xstate';
import type { AttemptOutput, webhookDeliveryMachine } from '../../machines/webhookDelivery.js';
import type { DeliveryRow } from '../../storage/repositories/webhookDeliveries.js';

/** A snapshot of a `webhookDelivery` actor, live or restored from its row. */
export type DeliverySnapshot = SnapshotFrom<typeof webhookDeliveryMachine>;

/** A delivery this node is working on: its actor runs on the actor host under the row's id. */
export interface LiveDelivery {
  /** The row as last stored (the projection's base). */
  row: DeliveryRow;
  /** An operator asked for this attempt (redeliver): it goes out even to an inactive webhook. */
  manual: boolean;
  /** Set when a shutdown aborted the attempt in flight: nothing is stored, a restart redoes it. */
  abandoned: boolean;
  /**
   * The outcome of a first attempt made before the actor existed (the adapter's shortcut, see
   * firstAttemptShortcut.ts): the actor's `attempt` slot answers with it instead of sending again.
   */
  known: { attempt: number; output: AttemptOutput | null; error: unknown } | null;
  /** Why the attempt actor rejected (not a receiver failure), kept for a manual attempt's caller. */
  sendError: Error | null;
  /**
   * Why this delivery's result must not be stored (a shutdown cut it short; a manual attempt that
   * could not be made): the projection writes nothing and the waiters get this error.
   */
  discarded: Error | null;
  /** The resting snapshot whose write is awaited; the delivery leaves memory once it committed. */
  resting: DeliverySnapshot | null;
  /** Settled after the next stored transition (waiting or final). */
  waiters: Array<{ resolve(row: DeliveryRow): void; reject(error: Error): void }>;
}
