import type { Actor, SnapshotFrom } from 'xstate';
import type {
  AttemptOutput,
  RecordAttemptParams,
  ScheduleRetryParams,
  webhookDeliveryMachine,
} from '../../machines/webhookDelivery.js';
import type { DeliveryRow } from '../../storage/repositories/webhookDeliveries.js';
import type { ResultWrite } from './resultWriter.js';

/** A running `webhookDelivery` actor (the machine with this node's slots provided). */
export type DeliveryActor = Actor<typeof webhookDeliveryMachine>;
/** A snapshot of a `webhookDelivery` actor, live or restored from its row. */
export type DeliverySnapshot = SnapshotFrom<typeof webhookDeliveryMachine>;

/** A delivery this node is working on. */
export interface LiveDelivery {
  row: DeliveryRow;
  /** Null while an attempt runs without an actor (a first attempt, see `begin`; a redelivery). */
  actor: DeliveryActor | null;
  /** An operator asked for this attempt (redeliver): it goes out even to an inactive webhook. */
  manual: boolean;
  record: RecordAttemptParams | null;
  retry: ScheduleRetryParams | null;
  /** Set when a shutdown aborted the attempt in flight: nothing is stored, a restart redoes it. */
  abandoned: boolean;
  /**
   * The outcome of a first attempt made before the actor existed; the actor's `attempt` invoke
   * for that attempt number answers with it instead of sending again.
   */
  known: { attempt: number; output: AttemptOutput | null; error: unknown } | null;
  /** Settled after the next stored transition (waiting or final). */
  waiters: Array<{ resolve(row: DeliveryRow): void; reject(error: Error): void }>;
}

/** One queued row write of a live delivery; the result writer hands it back on commit or failure. */
export interface DeliveryWrite extends ResultWrite {
  entry: LiveDelivery;
}
