import type { Logger } from 'pino';
import { createActor, type Snapshot } from 'xstate';
import { webhookDeliveryMachineVersion, type AttemptOutput, type WebhookDeliveryInput } from '../../machines/webhookDelivery.js';
import type { DeliveryRow, WebhookDeliveriesRepository } from '../../storage/repositories/webhookDeliveries.js';
import type { ActorHost } from '../actors/actorHost.js';
import { mergeTickRows, type TickRows } from '../actors/tickRows.js';
import type { Clock } from '../clock.js';
import type { AttemptSlots } from './attemptSlots.js';
import { deliveryDefinition } from './deliveryDefinition.js';
import type { DeliverySnapshot, LiveDelivery } from './liveDelivery.js';
import type { RetrySchedule } from './retryPolicy.js';
import type { RetryTimerPayload } from './retryTimers.js';
import type { WebhookSender } from './sender.js';
import { createSignedSend } from './signedSend.js';
import { createFirstAttemptShortcut } from './firstAttemptShortcut.js';
import type { WebhookCache } from './webhookCache.js';

export type { LiveDelivery } from './liveDelivery.js';

export interface AttemptRunnerOptions {
  /** The process's actor host: every delivery runs on it and its tick writes the delivery row. */
  actors: Pick<ActorHost, 'register' | 'commit' | 'flushed'>;
  deliveries: WebhookDeliveriesRepository;
  sender: WebhookSender;
  cache: WebhookCache;
  slots: AttemptSlots;
  clock: Clock;
  logger: Logger;
  schedule: RetrySchedule;
  /** The retry policy's jitter (machines/webhookRetryPolicy.ts); 0 turns it off. */
  jitter: number;
  /** Draws each failed attempt's jitter sample, in [0, 1). */
  random(): number;
  /** A delivery ended on a `410 Gone` and its final row is stored: its webhook is switched off. */
  gone(row: DeliveryRow, attempt: number): Promise<void>;
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

const shuttingDown = () => new Error('the service is shutting down; the delivery runs again after restart');

/** Runs deliveries on the actor host (contract of `createAttemptRunner`). */
export interface AttemptRunner {
  /** Deliveries in memory on this node. */
  readonly live: Map<string, LiveDelivery>;
  /** Starts a delivery (new, or stranded and claimed by recovery). */
  begin(row: DeliveryRow): LiveDelivery;
  /** The retry timer fired: brings the delivery back from its stored snapshot and sends RETRY_DUE. */
  resume(row: DeliveryRow, payload: RetryTimerPayload): void;
  /** A fresh attempt of a finished delivery; throws DeliveryBusyError when it is live on this node. */
  redeliver(row: DeliveryRow): Promise<DeliveryRow>;
  /** Waits for the next stored transition of a live delivery. */
  settled(entry: LiveDelivery): Promise<DeliveryRow>;
  /** Forgets every delivery (after a shutdown's writes); the host stops their actors. */
  clear(): void;
}

/**
 * Runs deliveries: each is a `webhookDelivery` actor on the actor host (its definition and
 * persistence adapter in `deliveryDefinition.ts`), under the delivery's id. The host's tick writes
 * each resting transition (the row, its history, its retry timer); once that committed, the
 * delivery leaves this node's memory and the host drops the actor; the retry timer brings a
 * waiting one back (`resume`).
 */
export function createAttemptRunner(options: AttemptRunnerOptions): AttemptRunner {
  const { sender, cache, slots, clock, logger, deliveries } = options;
  const schedule = [...options.schedule];
  const live = new Map<string, LiveDelivery>();

  const send = createSignedSend({
    sender,
    cache,
    slots,
    clock,
    schedule,
    random: options.random,
    stopping: options.stopping,
    shutdownSignal: options.shutdownSignal,
    ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
  });

  const definition = deliveryDefinition({ live, send, moved, failed: leave });
  const handle = options.actors.register(definition);
  const shortcut = createFirstAttemptShortcut(definition.logic, schedule, options.jitter);

  /** Every transition: a resting one is stored by the host's next tick; the delivery leaves memory after it. */
  function moved(entry: LiveDelivery, snapshot: DeliverySnapshot, atRest: boolean): void {
    if (!atRest) {
      entry.resting = null;
      return;
    }
    entry.resting = snapshot;
    // An attempt a shutdown cut short, or one that could not be made while stopping (or for an
    // operator, who gets the error): nothing is stored, the row keeps its last state.
    if (entry.abandoned || (snapshot.status === 'done' && snapshot.context.error !== null && (options.stopping() || entry.manual))) {
      entry.discarded = entry.abandoned || options.stopping() ? shuttingDown() : (entry.sendError ?? new Error(snapshot.context.error ?? 'the attempt failed'));
    }
    options.actors.flushed().then(
      () => stored(entry, snapshot),
      (error: unknown) => leave(entry, error instanceof Error ? error : new Error(String(error))),
    );
  }

  /** The tick with the resting snapshot committed (or wrote nothing, when discarded). */
  function stored(entry: LiveDelivery, snapshot: DeliverySnapshot): void {
    if (entry.resting !== snapshot || live.get(entry.row.id) !== entry) return; // it moved on meanwhile
    if (entry.discarded) {
      leave(entry, entry.discarded);
      return;
    }
    finish(entry);
    const last = snapshot.context.lastAttempt;
    if (snapshot.status === 'done' && snapshot.context.error === null && last?.status === 410) {
      options.gone(entry.row, snapshot.context.attempt).catch((error: unknown) => {
        logger.error({ err: error, delivery_id: entry.row.id }, 'could not disable the webhook after a 410 Gone; its next 410 does');
      });
    }
  }

  /** The delivery's resting state is stored: it leaves memory; its waiters get the stored row. */
  function finish(entry: LiveDelivery, notify = true): void {
    live.delete(entry.row.id);
    if (notify) options.changed();
    const waiters = entry.waiters.splice(0);
    if (waiters.length === 0) return;
    deliveries.get(entry.row.id).then(
      (row) => {
        for (const waiter of waiters) {
          if (row) waiter.resolve(row);
          else waiter.reject(new Error(`delivery ${entry.row.id} is gone`));
        }
      },
      (error: Error) => {
        for (const waiter of waiters) waiter.reject(error);
      },
    );
  }

  /**
   * The shortcut's rows of the deliveries whose first attempt succeeded in this turn of the event
   * loop go to the host as one `commit` group: one group per burst of answers rather than one per
   * delivery. (An UPDATE of existing rows has no constraint to break, so a group the host cannot
   * store is not expected; if it happens, its deliveries stay `scheduled` and recovery sends them
   * again: at-least-once.)
   */
  let succeeded: { entries: LiveDelivery[]; rows: TickRows } | null = null;
  function storeSucceeded(entry: LiveDelivery, rows: TickRows): void {
    if (!succeeded) {
      const group: { entries: LiveDelivery[]; rows: TickRows } = { entries: [], rows: {} };
      succeeded = group;
      setImmediate(() => {
        succeeded = null;
        options.actors.commit(group.rows).then(
          () => {
            for (const done of group.entries) finish(done, false);
            options.changed();
          },
          (error: Error) => group.entries.forEach((done) => leave(done, error)),
        );
      });
    }
    succeeded.entries.push(entry);
    mergeTickRows(succeeded.rows, rows);
  }

  /** Drops a delivery from memory without a stored result, settling its waiters with `error`. */
  function leave(entry: LiveDelivery, error: Error): void {
    if (live.get(entry.row.id) === entry) live.delete(entry.row.id);
    for (const waiter of entry.waiters.splice(0)) waiter.reject(error);
    options.changed();
  }

  function newEntry(row: DeliveryRow, manual = false): LiveDelivery {
    const entry: LiveDelivery = { row, manual, abandoned: false, known: null, sendError: null, discarded: null, resting: null, waiters: [] };
    live.set(row.id, entry);
    return entry;
  }

  /** Starts the delivery's actor on the host: from the stored `snapshot`, or fresh from `input`. */
  function run(entry: LiveDelivery, input: WebhookDeliveryInput, snapshot: string | null) {
    const { row } = entry;
    if (snapshot && row.machine_version !== webhookDeliveryMachineVersion) {
      logger.warn({ delivery_id: row.id, version: row.machine_version }, 'restoring a webhook delivery stored by another machine version');
    }
    // The stored JSON is the persisted snapshot of this very machine: decoded, not checked. (The
    // input is ignored when a snapshot is given.)
    const actor = snapshot ? createActor(definition.logic, { snapshot: JSON.parse(snapshot) as Snapshot<unknown>, input }) : handle.create(input);
    try {
      handle.start(row.id, actor, row.created_at);
    } catch (error) {
      leave(entry, error as Error);
      throw error;
    }
    return actor;
  }

  function inputOf(row: DeliveryRow, attemptSchedule: number[] = schedule): WebhookDeliveryInput {
    return { deliveryId: row.id, webhookId: row.webhook_id, schedule: attemptSchedule, jitter: options.jitter, attempt: row.attempt, scheduledAt: row.created_at };
  }

  return {
    /** Deliveries in memory on this node. */
    live,

    /**
     * Starts a delivery (new, or stranded and claimed by recovery). Its actor runs the chart, except
     * for the adapter's shortcut (firstAttemptShortcut.ts): a first attempt due at once is sent
     * before any actor exists; a 2xx stores the chart's end through the host's tick, anything else
     * starts the actor, whose `attempt` slot answers with that outcome. Nothing is stored before
     * the attempt ends; a crash meanwhile leaves the row `scheduled` and recovery attempts it again.
     */
    begin(row: DeliveryRow): LiveDelivery {
      const entry = newEntry(row);
      if (!shortcut || row.attempt !== 0 || row.snapshot !== null) {
        run(entry, inputOf(row), row.snapshot);
        return entry;
      }
      const startWith = (output: AttemptOutput | null, error: unknown) => {
        entry.known = { attempt: 1, output, error };
        try {
          run(entry, inputOf(row), null);
        } catch {
          // The host stopped: `run` dropped the delivery; recovery attempts it after restart.
        }
      };
      send(entry, 1).then(
        (output) => {
          if (live.get(row.id) !== entry) return; // dropped by a stop that did not wait for it
          if (!output.ok || entry.abandoned) {
            startWith(output, null);
            return;
          }
          storeSucceeded(entry, shortcut(row, output, clock.now().toISOString()));
        },
        (error: unknown) => {
          if (live.get(row.id) === entry) startWith(null, error);
        },
      );
      return entry;
    },

    /** The retry timer fired: bring the delivery back from its stored snapshot and send RETRY_DUE. */
    resume(row: DeliveryRow, payload: RetryTimerPayload): void {
      if (live.has(row.id)) return;
      run(newEntry(row), inputOf(row), row.snapshot).send({ type: 'RETRY_DUE', attempt: payload.attempt });
    },

    /**
     * A fresh attempt of a finished delivery, outside its retry schedule (an operator asked for it):
     * the same stored bytes, signed again, numbered after the last attempt. The chart runs with a
     * schedule that allows exactly that one attempt, at once, so it ends in `succeeded` or `failed`.
     * Resolves with the row as stored after it. Throws DeliveryBusyError when the delivery is live
     * on this node.
     */
    async redeliver(row: DeliveryRow): Promise<DeliveryRow> {
      if (live.has(row.id)) throw new DeliveryBusyError(`delivery ${row.id} is being attempted`);
      const entry = newEntry(row, true);
      const stored = new Promise<DeliveryRow>((resolve, reject) => entry.waiters.push({ resolve, reject }));
      stored.catch(() => {}); // a failed start settles it before the caller awaits it; the caller still sees the error
      const oneMore = [...Array.from({ length: row.attempt }, (_, i) => schedule[i] ?? 0), 0];
      run(entry, inputOf(row, oneMore), null);
      return stored;
    },

    /** Waits for the next stored transition of a live delivery. */
    settled(entry: LiveDelivery): Promise<DeliveryRow> {
      return new Promise<DeliveryRow>((resolve, reject) => entry.waiters.push({ resolve, reject }));
    },

    /** Forgets every delivery (after a shutdown's writes); the host stops their actors. */
    clear(): void {
      for (const entry of [...live.values()]) leave(entry, shuttingDown());
    },
  };
}
