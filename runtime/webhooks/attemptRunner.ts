import type { Logger } from 'pino';
import type { Snapshot } from 'xstate';
import {
  webhookDeliveryMachineVersion,
  type AttemptInput,
  type AttemptOutput,
  type WebhookDeliveryEvent,
  type WebhookDeliveryInput,
  type WebhookDeliveryMachine,
} from '../../machines/webhookDelivery.js';
import type { DeliveryRow, WebhookDeliveriesRepository } from '../../storage/repositories/webhookDeliveries.js';
import type { ActorHost } from '../actors/actorHost.js';
import { executeActions, type PureStep } from '../actors/pureChart.js';
import { mergeTickRows, type TickRows } from '../actors/tickRows.js';
import type { Clock } from '../clock.js';
import type { AttemptSlots } from './attemptSlots.js';
import { createFirstAttemptShortcut } from './firstAttemptShortcut.js';
import { deliveryAtRest, deliveryDefinition } from './deliveryDefinition.js';
import type { DeliverySnapshot, LiveDelivery } from './liveDelivery.js';
import type { RetrySchedule } from './retryPolicy.js';
import type { RetryTimerPayload } from './retryTimers.js';
import type { WebhookSender } from './sender.js';
import { AttemptCutShortError, createSignedSend } from './signedSend.js';
import type { WebhookCache } from './webhookCache.js';

export type { LiveDelivery } from './liveDelivery.js';

export interface AttemptRunnerOptions {
  /** The process's actor host: every delivery's chart runs on it and its tick writes the delivery row. */
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
  /** Forgets every delivery (after a shutdown's writes): what was not stored runs again after restart. */
  clear(): void;
}

/**
 * Runs deliveries on the actor host: each is a `webhookDelivery` chart under the delivery's id
 * (its definition and persistence adapter in `deliveryDefinition.ts`), stepped with the host's
 * pure steps and recorded with it (`handle.record`). The host's tick writes each step at rest (the
 * row, its history, its retry timer); once that committed, the delivery leaves this node's memory;
 * the retry timer brings a waiting one back (`resume`). The chart's one slot, `attempt`, is the
 * signed send here, whose result the chart is told (`ATTEMPTED`, `ATTEMPT_FAILED`).
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

  const definition = deliveryDefinition({
    live,
    attempt,
    failed(id, reason) {
      const entry = live.get(id);
      if (entry) leave(entry, reason);
    },
  });
  const handle = options.actors.register(definition);
  const { chart } = handle;
  const shortcut = createFirstAttemptShortcut(chart, definition.logic, schedule, options.jitter);

  /** Starts a delivery's chart at `step` (its first). */
  function start(row: DeliveryRow, step: PureStep<WebhookDeliveryMachine>): LiveDelivery {
    const entry: LiveDelivery = { row, snapshot: step.snapshot, manual: false, waiters: [] };
    live.set(row.id, entry);
    advance(entry, step);
    return entry;
  }

  /**
   * Records a step with the host (a step at rest is stored by its next tick), then runs its actions
   * (`run` false: the first step of a delivery whose first attempt the shortcut already made).
   */
  function advance(entry: LiveDelivery, step: PureStep<WebhookDeliveryMachine>, run = true): void {
    const { snapshot } = step;
    entry.snapshot = snapshot;
    if (snapshot.status === 'error') {
      leave(entry, snapshot.error instanceof Error ? snapshot.error : new Error(String(snapshot.error)));
      return;
    }
    try {
      handle.record(entry.row.id, snapshot, entry.row.created_at);
    } catch (error) {
      leave(entry, error instanceof Error ? error : new Error(String(error))); // the host stopped
      return;
    }
    if (deliveryAtRest(snapshot)) {
      options.actors.flushed().then(
        () => stored(entry, snapshot),
        (error: unknown) => leave(entry, error instanceof Error ? error : new Error(String(error))),
      );
    }
    if (run) executeActions(step.actions);
  }

  /** The chart's `attempt` slot: the signed send, whose result is the chart's next event. */
  function attempt({ deliveryId, attempt: attemptNo }: AttemptInput): void {
    const entry = live.get(deliveryId);
    if (!entry) return;
    send(entry, attemptNo).then(
      (output) => answer(entry, { type: 'ATTEMPTED', attempt: attemptNo, output }),
      (error: unknown) => {
        const event = refused(entry, attemptNo, error);
        if (event) answer(entry, event);
      },
    );
  }

  /**
   * An attempt that was not made. Cut short by a shutdown, or not made while stopping or for an
   * operator (who gets the error): the delivery leaves memory with nothing stored, its row keeps
   * its last state, and null is returned. Any other refusal (the webhook was deleted or switched
   * off) is answered to the chart as `ATTEMPT_FAILED`.
   */
  function refused(entry: LiveDelivery, attemptNo: number, error: unknown): WebhookDeliveryEvent | null {
    const reason = error instanceof Error ? error : new Error(String(error));
    const cut = reason instanceof AttemptCutShortError || options.stopping();
    if (!cut && !entry.manual) return { type: 'ATTEMPT_FAILED', attempt: attemptNo, error: reason.message };
    if (live.get(entry.row.id) === entry) leave(entry, cut ? shuttingDown() : reason);
    return null;
  }

  /**
   * The adapter's shortcut (firstAttemptShortcut.ts) for a new delivery whose first attempt is due
   * at once: that attempt is made before the chart's first step. A 2xx stores the chart's end
   * through the host's tick (`commit`) without stepping the chart; any other outcome takes the
   * chart's first step (which asks for that very attempt, already made) and answers it.
   */
  function sendFirst(entry: LiveDelivery, row: DeliveryRow, succeeded: NonNullable<typeof shortcut>): void {
    const answerFirst = (event: WebhookDeliveryEvent) => {
      if (live.get(row.id) !== entry) return; // dropped by a stop that did not wait for it
      advance(entry, chart.initial(inputOf(row)), false);
      answer(entry, event);
    };
    send(entry, 1).then(
      (output: AttemptOutput) => {
        if (live.get(row.id) !== entry) return; // dropped by a stop that did not wait for it
        if (output.ok) storeSucceeded(entry, succeeded(row, output, clock.now().toISOString()));
        else answerFirst({ type: 'ATTEMPTED', attempt: 1, output });
      },
      (error: unknown) => {
        const event = refused(entry, 1, error);
        if (event) answerFirst(event);
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
  let succeededGroup: { entries: LiveDelivery[]; rows: TickRows } | null = null;
  function storeSucceeded(entry: LiveDelivery, rows: TickRows): void {
    if (!succeededGroup) {
      const group: { entries: LiveDelivery[]; rows: TickRows } = { entries: [], rows: {} };
      succeededGroup = group;
      setImmediate(() => {
        succeededGroup = null;
        options.actors.commit(group.rows).then(
          () => {
            for (const done of group.entries) finish(done, false);
            options.changed();
          },
          (error: Error) => group.entries.forEach((done) => leave(done, error)),
        );
      });
    }
    succeededGroup.entries.push(entry);
    mergeTickRows(succeededGroup.rows, rows);
  }

  function answer(entry: LiveDelivery, event: WebhookDeliveryEvent): void {
    if (live.get(entry.row.id) !== entry || !entry.snapshot) return; // dropped by a stop that did not wait for it
    advance(entry, chart.next(entry.snapshot, event));
  }

  /** The tick with the step at rest committed: the delivery leaves memory. */
  function stored(entry: LiveDelivery, snapshot: DeliverySnapshot): void {
    if (entry.snapshot !== snapshot || live.get(entry.row.id) !== entry) return; // it moved on meanwhile
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

  /** Drops a delivery from memory without a stored result, settling its waiters with `error`. */
  function leave(entry: LiveDelivery, error: Error): void {
    if (live.get(entry.row.id) === entry) {
      live.delete(entry.row.id);
      handle.forget(entry.row.id);
    }
    for (const waiter of entry.waiters.splice(0)) waiter.reject(error);
    options.changed();
  }

  function inputOf(row: DeliveryRow, attemptSchedule: number[] = schedule): WebhookDeliveryInput {
    return { deliveryId: row.id, webhookId: row.webhook_id, schedule: attemptSchedule, jitter: options.jitter, attempt: row.attempt, scheduledAt: row.created_at };
  }

  return {
    live,

    /**
     * Starts a delivery (new, or stranded and claimed by recovery) from its row: `row.attempt`
     * attempts made, the next one due `schedule[row.attempt]` after `created_at` (a first attempt
     * due at once goes through the shortcut, `sendFirst`). Nothing is stored before the attempt
     * ends; a crash meanwhile leaves the row `scheduled` and recovery attempts it again.
     */
    begin(row: DeliveryRow): LiveDelivery {
      if (!shortcut || row.attempt !== 0) return start(row, chart.initial(inputOf(row)));
      const entry: LiveDelivery = { row, snapshot: null, manual: false, waiters: [] };
      live.set(row.id, entry);
      sendFirst(entry, row, shortcut);
      return entry;
    },

    resume(row: DeliveryRow, payload: RetryTimerPayload): void {
      if (live.has(row.id)) return;
      if (row.machine_version !== webhookDeliveryMachineVersion) {
        logger.warn({ delivery_id: row.id, version: row.machine_version }, 'restoring a webhook delivery stored by another machine version');
      }
      // The stored JSON is the persisted snapshot of this very chart: decoded, not checked.
      const waiting = chart.restore(JSON.parse(row.snapshot!) as Snapshot<unknown>);
      start(row, chart.next(waiting, { type: 'RETRY_DUE', attempt: payload.attempt }));
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
      const oneMore = [...Array.from({ length: row.attempt }, (_, i) => schedule[i] ?? 0), 0];
      const first = chart.initial(inputOf(row, oneMore));
      // Waiting before the step runs: its attempt may settle before this returns.
      const entry: LiveDelivery = { row, snapshot: first.snapshot, manual: true, waiters: [] };
      const stored = new Promise<DeliveryRow>((resolve, reject) => entry.waiters.push({ resolve, reject }));
      live.set(row.id, entry);
      advance(entry, first);
      return stored;
    },

    settled(entry: LiveDelivery): Promise<DeliveryRow> {
      return new Promise<DeliveryRow>((resolve, reject) => entry.waiters.push({ resolve, reject }));
    },

    clear(): void {
      for (const entry of [...live.values()]) leave(entry, shuttingDown());
    },
  };
}
