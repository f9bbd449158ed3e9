import type { Logger } from 'pino';
import type { AttemptInput, AttemptOutput, WebhookDeliveryEvent, WebhookDeliveryInput, WebhookDeliveryMachine } from '../../machines/webhookDelivery.js';
import type { DeliveryRow } from '../../storage/repositories/webhookDeliveries.js';
import type { MachineHandle } from '../actors/machineHandle.js';
import { executeActions, type PureStep } from '../actors/pureChart.js';
import type { Clock } from '../clock.js';
import type { FirstAttemptShortcut } from './firstAttemptShortcut.js';
import type { DeliverySnapshot, LiveDelivery } from './liveDelivery.js';
import { shuttingDown, type LiveDeliveries } from './liveDeliveries.js';
import { AttemptCutShortError } from './signedSend.js';
import type { SucceededCommits } from './succeededCommits.js';

/**
 * A delivery's chart stepped on the actor host: each step is one of the chart's pure steps
 * (`handle.chart`) recorded with the host (`handle.record`), whose tick stores the steps at rest
 * (the row, its history, its retry timer: deliveryProjection.ts). The one exception is the
 * documented first-attempt shortcut (`startFirst`, firstAttemptShortcut.ts, docs/actors.md).
 *
 * Invariants:
 * - A step is recorded before its actions run, so the attempt it asks for is made only for a
 *   step the host holds (but the shortcut's first attempt, made before the chart's first step).
 * - An answer is stepped only for the entry that asked for it (`live.map.get(id) === entry`):
 *   an attempt that outlived a stop, or a later attempt of the same delivery, is ignored.
 * - A delivery leaves memory when the host reports its step at rest stored (`stored`), or when
 *   nothing more can be stored (`live.leave`); its row then keeps its last stored state.
 */
export interface DeliverySteps {
  /** Puts `entry` in memory and takes its chart's first step (`step`, from `initial` or `next`). */
  start(entry: LiveDelivery, step: PureStep<WebhookDeliveryMachine>): void;
  /**
   * The shortcut for a new delivery whose first attempt is due at once: that attempt is made
   * before the chart's first step. A 2xx stores the chart's end (`succeeded`) through
   * the host's tick (`commits`) without stepping the chart; any other outcome takes the chart's
   * first step (which asks for that very attempt, already made: its action is not run) and
   * answers it.
   */
  startFirst(entry: LiveDelivery, succeeded: FirstAttemptShortcut): void;
  /** The chart's `attempt` slot: makes the attempt and answers the chart with its result. */
  attempt(params: AttemptInput): void;
  /** The host stored `snapshot`, a step at rest of delivery `id`, and let it go. */
  stored(id: string, snapshot: DeliverySnapshot): void;
}

export interface DeliveryStepsOptions {
  handle: Pick<MachineHandle<WebhookDeliveryMachine>, 'chart' | 'record'>;
  live: LiveDeliveries;
  /** The signed send of attempt `attemptNo` (signedSend.ts). */
  send(entry: LiveDelivery, attemptNo: number): Promise<AttemptOutput>;
  /** True once the dispatcher stops taking work: attempts not yet sent give up. */
  stopping(): boolean;
  /** A delivery ended on a `410 Gone` and its final row is stored: its webhook is switched off. */
  gone(row: DeliveryRow, attempt: number): Promise<void>;
  /** The chart's input for a delivery's row (its first step, for the shortcut's answers other than a 2xx). */
  inputOf(row: DeliveryRow): WebhookDeliveryInput;
  /** The shortcut's commit groups. */
  commits: SucceededCommits;
  clock: Clock;
  logger: Logger;
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

export function createDeliverySteps(options: DeliveryStepsOptions): DeliverySteps {
  const { handle, live, logger } = options;

  /**
   * Records a step with the host (a step at rest is stored by its next tick), then runs its actions
   * (`run` false: the first step of a delivery whose first attempt the shortcut already made).
   */
  function advance(entry: LiveDelivery, step: PureStep<WebhookDeliveryMachine>, run = true): void {
    const { snapshot } = step;
    entry.snapshot = snapshot;
    if (snapshot.status === 'error') {
      live.leave(entry, asError(snapshot.error));
      return;
    }
    try {
      handle.record(entry.row.id, snapshot, entry.row.created_at);
    } catch (error) {
      live.leave(entry, asError(error)); // the host stopped
      return;
    }
    if (run) executeActions(step.actions);
  }

  function answer(entry: LiveDelivery, event: WebhookDeliveryEvent): void {
    if (live.map.get(entry.row.id) !== entry || !entry.snapshot) return; // dropped by a stop that did not wait for it
    advance(entry, handle.chart.next(entry.snapshot, event));
  }

  /**
   * An attempt that was not made. Cut short by a shutdown, or not made while stopping or for an
   * operator (who gets the error): the delivery leaves memory with nothing stored, its row keeps
   * its last state, and null is returned. Any other refusal (the webhook was deleted or switched
   * off) is answered to the chart as `ATTEMPT_FAILED`.
   */
  function refused(entry: LiveDelivery, attemptNo: number, error: unknown): WebhookDeliveryEvent | null {
    const reason = asError(error);
    const cut = reason instanceof AttemptCutShortError || options.stopping();
    if (!cut && !entry.manual) return { type: 'ATTEMPT_FAILED', attempt: attemptNo, error: reason.message };
    if (live.map.get(entry.row.id) === entry) live.leave(entry, cut ? shuttingDown() : reason, cut);
    return null;
  }

  return {
    start(entry, step) {
      live.map.set(entry.row.id, entry);
      advance(entry, step);
    },

    startFirst(entry, succeeded) {
      const { row } = entry;
      live.map.set(row.id, entry);
      const answerFirst = (event: WebhookDeliveryEvent) => {
        if (live.map.get(row.id) !== entry) return; // dropped by a stop that did not wait for it
        advance(entry, handle.chart.initial(options.inputOf(row)), false);
        answer(entry, event);
      };
      options.send(entry, 1).then(
        (output: AttemptOutput) => {
          if (live.map.get(row.id) !== entry) return; // dropped by a stop that did not wait for it
          if (output.ok) options.commits.add(entry, succeeded(row, output, options.clock.now().toISOString()));
          else answerFirst({ type: 'ATTEMPTED', attempt: 1, output });
        },
        (error: unknown) => {
          const event = refused(entry, 1, error);
          if (event) answerFirst(event);
        },
      );
    },

    attempt({ deliveryId, attempt: attemptNo }) {
      const entry = live.map.get(deliveryId);
      if (!entry) return;
      options.send(entry, attemptNo).then(
        (output) => answer(entry, { type: 'ATTEMPTED', attempt: attemptNo, output }),
        (error: unknown) => {
          const event = refused(entry, attemptNo, error);
          if (event) answer(entry, event);
        },
      );
    },

    stored(id, snapshot) {
      const entry = live.map.get(id);
      if (!entry || entry.snapshot !== snapshot) return; // it moved on meanwhile
      live.finish(entry);
      const last = snapshot.context.lastAttempt;
      if (snapshot.status === 'done' && snapshot.context.error === null && last?.status === 410) {
        options.gone(entry.row, snapshot.context.attempt).catch((error: unknown) => {
          logger.error({ err: error, delivery_id: id }, 'could not disable the webhook after a 410 Gone; its next 410 does');
        });
      }
    },
  };
}
