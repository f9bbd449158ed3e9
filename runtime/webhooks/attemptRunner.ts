import type { Logger } from 'pino';
import type { AttemptOutput } from '../../machines/webhookDelivery.js';
import type { DeliveryRow } from '../../storage/repositories/webhookDeliveries.js';
import type { Clock } from '../clock.js';
import type { AttemptSlots } from './attemptSlots.js';
import { createDeliveryActors } from './deliveryActors.js';
import { createDeliverySettler } from './deliverySettler.js';
import { createFinishedSnapshots } from './finishedSnapshot.js';
import type { DeliveryWrite, LiveDelivery } from './liveDelivery.js';
import type { RetrySchedule } from './retryPolicy.js';
import type { ResultWriter } from './resultWriter.js';
import type { RetryTimerPayload } from './retryTimers.js';
import type { WebhookSender } from './sender.js';
import { createSignedSend } from './signedSend.js';
import type { WebhookCache } from './webhookCache.js';

export type { DeliveryWrite, LiveDelivery } from './liveDelivery.js';

export interface AttemptRunnerOptions {
  sender: WebhookSender;
  cache: WebhookCache;
  slots: AttemptSlots;
  clock: Clock;
  logger: Logger;
  schedule: RetrySchedule;
  /** True once the dispatcher stops taking work: attempts not yet sent give up. */
  stopping(): boolean;
  /** Aborts attempts in flight when a shutdown's grace period is over. */
  shutdownSignal: AbortSignal;
  /** Public base URL for the outcome links of debug payloads. */
  publicUrl?: () => string | undefined;
  /** Called whenever a delivery leaves memory. */
  changed(): void;
}

/** Thrown by `redeliver` for a delivery this node is still working on. */
export class DeliveryBusyError extends Error {}

/**
 * Runs deliveries: each is a `webhookDelivery` actor whose `attempt` slot makes the signed POST
 * and whose `recordAttempt`/`scheduleRetry` slots queue the row write (and retry timer) of each
 * transition on the result writer. A waiting or finished delivery leaves memory once its write
 * committed; the retry timer brings a waiting one back (`resume`).
 *
 * The actors and their slots are in `deliveryActors.ts`, the writes of each transition in
 * `deliverySettler.ts`; this factory wires them and owns the map of live deliveries.
 *
 * Call `attach(writer)` before `begin`; the writer reports commits back through `committed` and
 * `failed`.
 */
export function createAttemptRunner(options: AttemptRunnerOptions) {
  const { sender, cache, slots, clock, logger } = options;
  const schedule = [...options.schedule];
  // The usual schedule starts with an immediate attempt; then a new delivery sends before it
  // needs an actor (see `begin`).
  const immediateFirstAttempt = schedule.length > 0 && schedule[0] === 0;
  const live = new Map<string, LiveDelivery>();
  let writer!: ResultWriter<DeliveryWrite>;

  const send = createSignedSend({
    sender,
    cache,
    slots,
    clock,
    schedule,
    stopping: options.stopping,
    shutdownSignal: options.shutdownSignal,
    ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
  });

  const actors = createDeliveryActors({ live, send, schedule, logger, settle: (entry, snapshot) => settler.settle(entry, snapshot) });
  const settler = createDeliverySettler({
    live,
    clock,
    schedule,
    finishedSnapshot: createFinishedSnapshots(actors.machine),
    writer: () => writer,
    stopping: options.stopping,
    changed: options.changed,
  });
  const { attach: attachActor, restore } = actors;
  const { storeFinished, drop } = settler;

  function newEntry(row: DeliveryRow, manual = false): LiveDelivery {
    const entry: LiveDelivery = { row, actor: null, manual, record: null, retry: null, abandoned: false, known: null, waiters: [] };
    live.set(row.id, entry);
    return entry;
  }

  /**
   * Starts a delivery. A first attempt that is due at once is made before any actor exists, since
   * most succeed and an actor costs more than the send:
   * - a success is stored as the machine ends it (`finishedSnapshot` builds that snapshot);
   * - anything else starts the actor, whose `attempt` invoke answers with that outcome: the machine
   *   decides between waiting, failed and the retry timer, exactly as if it had sent itself.
   * Either way nothing is stored before the attempt ends; a crash meanwhile leaves the row
   * `scheduled` and recovery attempts it again.
   */
  function begin(row: DeliveryRow): LiveDelivery {
    if (!immediateFirstAttempt || row.attempt !== 0 || row.snapshot !== null) {
      const entry = newEntry(row);
      attachActor(entry, restore(row));
      entry.actor!.start();
      return entry;
    }
    const entry = newEntry(row);
    send(entry, 1).then(
      (output) => {
        if (live.get(row.id) !== entry) return; // dropped by a stop that did not wait for it
        if (output.ok && !entry.abandoned) storeFinished(entry, 1, output);
        else startWith(entry, output, null);
      },
      (error: unknown) => {
        if (live.get(row.id) === entry) startWith(entry, null, error);
      },
    );
    return entry;
  }

  function startWith(entry: LiveDelivery, output: AttemptOutput | null, error: unknown): void {
    entry.known = { attempt: 1, output, error };
    attachActor(entry, null);
    entry.actor!.start();
  }

  return {
    /** Deliveries in memory on this node. */
    live,

    attach(resultWriter: ResultWriter<DeliveryWrite>): void {
      writer = resultWriter;
    },

    begin,

    /** A write committed: at rest (waiting) or finished, the timer, not memory, brings it back. */
    committed(item: DeliveryWrite): void {
      const { entry } = item;
      entry.row = item.row;
      live.delete(item.row.id);
      entry.actor?.stop();
      for (const waiter of entry.waiters.splice(0)) waiter.resolve(item.row);
    },

    /** A write failed: the row keeps its last stored state; recovery picks it up again. */
    failed(item: DeliveryWrite, error: Error): void {
      drop(item.entry, error);
    },

    /** The retry timer fired: bring the delivery back from its stored snapshot and send RETRY_DUE. */
    resume(row: DeliveryRow, payload: RetryTimerPayload): void {
      if (live.has(row.id)) return;
      const entry = newEntry(row);
      attachActor(entry, restore(row));
      entry.actor!.start();
      entry.actor!.send({ type: 'RETRY_DUE', attempt: payload.attempt });
    },

    /**
     * A fresh attempt of a finished delivery, outside its retry schedule (an operator asked for it):
     * the same stored bytes, signed again, numbered after the last attempt. Resolves with the row
     * as stored after it. Throws DeliveryBusyError when the delivery is live on this node.
     */
    async redeliver(row: DeliveryRow): Promise<DeliveryRow> {
      if (live.has(row.id)) throw new DeliveryBusyError(`delivery ${row.id} is being attempted`);
      const entry = newEntry(row, true);
      const stored = new Promise<DeliveryRow>((resolve, reject) => entry.waiters.push({ resolve, reject }));
      stored.catch(() => {}); // settled below before the caller awaits it; the caller still sees the rejection
      try {
        const output = await send(entry, row.attempt + 1);
        if (entry.abandoned) drop(entry, new Error('the service is shutting down'));
        else storeFinished(entry, row.attempt + 1, output);
      } catch (error) {
        drop(entry, error as Error);
      }
      return stored;
    },

    /** Waits for the next stored transition of a live delivery. */
    settled(entry: LiveDelivery): Promise<DeliveryRow> {
      return new Promise<DeliveryRow>((resolve, reject) => entry.waiters.push({ resolve, reject }));
    },

    /** Stops every actor and forgets every delivery (after a shutdown's writes). */
    clear(): void {
      for (const entry of live.values()) entry.actor?.stop();
      live.clear();
    },
  };
}

export type AttemptRunner = ReturnType<typeof createAttemptRunner>;
