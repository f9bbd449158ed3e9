import type { Logger } from 'pino';
import type { Snapshot } from 'xstate';
import { webhookDeliveryMachineVersion, type WebhookDeliveryInput } from '../../machines/webhookDelivery.js';
import type { DeliveryRow, WebhookDeliveriesRepository } from '../../storage/repositories/webhookDeliveries.js';
import type { ActorHost } from '../actors/actorHost.js';
import type { Clock } from '../clock.js';
import type { AttemptSlots } from './attemptSlots.js';
import { deliveryDefinition } from './deliveryDefinition.js';
import { createDeliverySteps } from './deliverySteps.js';
import { createFirstAttemptShortcut } from './firstAttemptShortcut.js';
import { createLiveDeliveries, shuttingDown } from './liveDeliveries.js';
import type { LiveDelivery } from './liveDelivery.js';
import type { RetrySchedule } from './retryPolicy.js';
import type { RetryTimerPayload } from './retryTimers.js';
import type { WebhookSender } from './sender.js';
import { createSignedSend } from './signedSend.js';
import { createSucceededCommits } from './succeededCommits.js';
import type { WebhookCache } from './webhookCache.js';

export type { LiveDelivery } from './liveDelivery.js';

export interface AttemptRunnerOptions {
  /** The process's actor host: every delivery's chart runs on it and its tick writes the delivery row. */
  actors: Pick<ActorHost, 'register' | 'commit'>;
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

/** Runs deliveries on the actor host (contract of `createAttemptRunner`). */
export interface AttemptRunner {
  /** Deliveries in memory on this node. */
  readonly live: Map<string, LiveDelivery>;
  /** Deliveries a shutdown cut short (never attempted to the end): the dispatcher releases them to recovery. */
  readonly unsent: ReadonlySet<string>;
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
 * (its definition and persistence adapter in `deliveryDefinition.ts`), each step one of the
 * host's pure steps recorded with the host (`deliverySteps.ts`), but for the documented shortcut
 * of a first attempt answered 2xx (firstAttemptShortcut.ts, `succeededCommits.ts`). The
 * host's tick writes each step at rest (the row, its history, its retry timer); once that
 * committed, the host tells the definition (`onStoredAtRest`) and the delivery leaves this node's
 * memory (`liveDeliveries.ts`); the retry timer brings a waiting one back (`resume`). The chart's
 * one slot, `attempt`, is the signed send here, whose result the chart is told (`ATTEMPTED`,
 * `ATTEMPT_FAILED`). This file wires those parts and says how a delivery comes to life.
 */
export function createAttemptRunner(options: AttemptRunnerOptions): AttemptRunner {
  const { sender, cache, slots, clock, logger, deliveries } = options;
  const schedule = [...options.schedule];

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
  const live = createLiveDeliveries({ deliveries, forget: (id) => handle.forget(id), changed: options.changed });
  const definition = deliveryDefinition({
    live: live.map,
    attempt: (params) => steps.attempt(params),
    stored: (id, snapshot) => steps.stored(id, snapshot),
    failed(id, reason) {
      const entry = live.map.get(id);
      if (entry) live.leave(entry, reason);
    },
  });
  const handle = options.actors.register(definition);
  const { chart } = handle;
  const commits = createSucceededCommits({ actors: options.actors, live, changed: options.changed });
  const steps = createDeliverySteps({ handle, live, send, stopping: options.stopping, gone: options.gone, inputOf: (row) => inputOf(row), commits, clock, logger });
  const shortcut = createFirstAttemptShortcut(chart, schedule, options.jitter);

  function inputOf(row: DeliveryRow, attemptSchedule: number[] = schedule): WebhookDeliveryInput {
    return { deliveryId: row.id, webhookId: row.webhook_id, schedule: attemptSchedule, jitter: options.jitter, attempt: row.attempt, scheduledAt: row.created_at };
  }

  return {
    live: live.map,
    unsent: live.unsent,

    /**
     * Starts a delivery (new, or stranded and claimed by recovery) from its row: `row.attempt`
     * attempts made, the next one due `schedule[row.attempt]` after `created_at` (a first attempt
     * due at once goes through the shortcut, `startFirst`). Nothing is stored before the attempt
     * ends; a crash meanwhile leaves the row `scheduled` and recovery attempts it again.
     */
    begin(row: DeliveryRow): LiveDelivery {
      if (shortcut && row.attempt === 0) {
        const entry: LiveDelivery = { row, snapshot: null, manual: false, waiters: [] };
        steps.startFirst(entry, shortcut);
        return entry;
      }
      const first = chart.initial(inputOf(row));
      const entry: LiveDelivery = { row, snapshot: first.snapshot, manual: false, waiters: [] };
      steps.start(entry, first);
      return entry;
    },

    resume(row: DeliveryRow, payload: RetryTimerPayload): void {
      if (live.map.has(row.id)) return;
      if (row.machine_version !== webhookDeliveryMachineVersion) {
        logger.warn({ delivery_id: row.id, version: row.machine_version }, 'restoring a webhook delivery stored by another machine version');
      }
      // The stored JSON is the persisted snapshot of this very chart: decoded, not checked.
      const waiting = chart.restore(JSON.parse(row.snapshot!) as Snapshot<unknown>);
      const step = chart.next(waiting, { type: 'RETRY_DUE', attempt: payload.attempt });
      steps.start({ row, snapshot: step.snapshot, manual: false, waiters: [] }, step);
    },

    /**
     * A fresh attempt of a finished delivery, outside its retry schedule (an operator asked for it):
     * the same stored bytes, signed again, numbered after the last attempt. The chart runs with a
     * schedule that allows exactly that one attempt, at once, so it ends in `succeeded` or `failed`.
     * Resolves with the row as stored after it. Throws DeliveryBusyError when the delivery is live
     * on this node.
     */
    async redeliver(row: DeliveryRow): Promise<DeliveryRow> {
      if (live.map.has(row.id)) throw new DeliveryBusyError(`delivery ${row.id} is being attempted`);
      const oneMore = [...Array.from({ length: row.attempt }, (_, i) => schedule[i] ?? 0), 0];
      const first = chart.initial(inputOf(row, oneMore));
      // Waiting before the step runs: its attempt may settle before this returns.
      const entry: LiveDelivery = { row, snapshot: first.snapshot, manual: true, waiters: [] };
      const stored = live.settled(entry);
      steps.start(entry, first);
      return stored;
    },

    settled: (entry) => live.settled(entry),

    clear(): void {
      live.clear(shuttingDown);
    },
  };
}
