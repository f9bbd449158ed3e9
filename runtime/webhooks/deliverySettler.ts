import type { AttemptOutput } from '../../machines/webhookDelivery.js';
import type { Clock } from '../clock.js';
import type { FinishedSnapshotInput } from './finishedSnapshot.js';
import type { DeliverySnapshot, DeliveryWrite, LiveDelivery } from './liveDelivery.js';
import type { ResultWriter } from './resultWriter.js';
import { transitionWrite, type Transition } from './transitionWrite.js';

export interface DeliverySettlerOptions {
  /** Deliveries in memory on this node, by id (the attempt runner's map). */
  live: Map<string, LiveDelivery>;
  clock: Clock;
  schedule: number[];
  /** Builds the snapshot a machine would have ended with (see finishedSnapshot.ts). */
  finishedSnapshot(input: FinishedSnapshotInput): string;
  /** The result writer; read at each write since the runner is attached to it after creation. */
  writer(): ResultWriter<DeliveryWrite>;
  /** True once the dispatcher stops taking work. */
  stopping(): boolean;
  /** Called whenever a delivery leaves memory. */
  changed(): void;
}

/**
 * Turns what a delivery's transitions left (a result, maybe a retry timer) into queued row writes
 * on the result writer, and drops deliveries that must not be stored (a shutdown, a failed write).
 */
export function createDeliverySettler(options: DeliverySettlerOptions) {
  const { live, clock, schedule, finishedSnapshot } = options;

  /** Queues the row write of a transition to `state` (and its retry timer when waiting). */
  function store(entry: LiveDelivery, change: Transition): void {
    options.writer().write({ entry, ...transitionWrite(entry.row, change, clock.now()) });
  }

  /** An attempt made without an actor ended the delivery: store what the machine would have. */
  function storeFinished(entry: LiveDelivery, attemptNo: number, output: AttemptOutput): void {
    const { row } = entry;
    const snapshot = finishedSnapshot({ deliveryId: row.id, webhookId: row.webhook_id, schedule, scheduledAt: row.created_at, attempt: attemptNo, output });
    const record = { deliveryId: row.id, webhookId: row.webhook_id, attempt: attemptNo, result: output, nextRetryAt: null };
    store(entry, { state: output.ok ? 'succeeded' : 'failed', record, retry: null, nextRetryAt: null, snapshot });
  }

  /** Drops a delivery from memory, settling its waiters with `error` (or nothing stored). */
  function drop(entry: LiveDelivery, error: Error): void {
    live.delete(entry.row.id);
    entry.actor?.stop();
    for (const waiter of entry.waiters.splice(0)) waiter.reject(error);
    options.changed();
  }

  /** Stores what the last transition left (a result, maybe a timer); then drops a resting actor. */
  function settle(entry: LiveDelivery, snapshot: DeliverySnapshot): void {
    if (entry.abandoned || (options.stopping() && !entry.record && snapshot.status === 'done')) {
      drop(entry, new Error('the service is shutting down; the delivery runs again after restart'));
      return;
    }
    if (snapshot.matches('waiting') && !entry.retry) return; // restored at rest: nothing new
    const record = entry.record;
    const retry = entry.retry;
    entry.record = null;
    entry.retry = null;
    const state = snapshot.status === 'done' ? (snapshot.value as 'succeeded' | 'failed') : 'waiting';
    const persisted = JSON.stringify(entry.actor!.getPersistedSnapshot());
    store(entry, { state, record, retry, nextRetryAt: snapshot.context.nextRetryAt, snapshot: persisted, contextError: snapshot.context.error });
  }

  return { storeFinished, drop, settle };
}

export type DeliverySettler = ReturnType<typeof createDeliverySettler>;
