import type { Logger } from 'pino';
import type { AttemptInput, AttemptOutput, WebhookDeliveryEvent, WebhookDeliveryMachine } from '../../machines/webhookDelivery.js';
import type { DeliveryRow } from '../../storage/repositories/webhookDeliveries.js';
import type { MachineHandle } from '../actors/machineHandle.js';
import { executeActions, type PureStep } from '../actors/pureChart.js';
import type { DeliverySnapshot, LiveDelivery } from './liveDelivery.js';
import { shuttingDown, type LiveDeliveries } from './liveDeliveries.js';
import { AttemptCutShortError } from './signedSend.js';

/**
 * A delivery's chart stepped on the actor host: every step, from the first, is one of the
 * chart's pure steps (`handle.chart`) recorded with the host (`handle.record`), whose tick
 * stores the steps at rest (the row, its history, its retry timer: deliveryProjection.ts).
 *
 * Invariants:
 * - A step is recorded before its actions run, so the attempt it asks for is made only for a
 *   step the host holds; nothing is sent before the chart's first step.
 * - An answer is stepped only for the entry that asked for it (`live.map.get(id) === entry`):
 *   an attempt that outlived a stop, or a later attempt of the same delivery, is ignored.
 * - A delivery leaves memory when the host reports its step at rest stored (`stored`), or when
 *   nothing more can be stored (`live.leave`); its row then keeps its last stored state.
 */
export interface DeliverySteps {
  /** Puts `entry` in memory and takes its chart's first step (`step`, from `initial` or `next`). */
  start(entry: LiveDelivery, step: PureStep<WebhookDeliveryMachine>): void;
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
  logger: Logger;
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

export function createDeliverySteps(options: DeliveryStepsOptions): DeliverySteps {
  const { handle, live, logger } = options;

  /** Records a step with the host (a step at rest is stored by its next tick), then runs its actions. */
  function advance(entry: LiveDelivery, step: PureStep<WebhookDeliveryMachine>): void {
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
    executeActions(step.actions);
  }

  function answer(entry: LiveDelivery, event: WebhookDeliveryEvent): void {
    if (live.map.get(entry.row.id) !== entry) return; // dropped by a stop that did not wait for it
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
    if (live.map.get(entry.row.id) === entry) live.leave(entry, cut ? shuttingDown() : reason);
    return null;
  }

  return {
    start(entry, step) {
      live.map.set(entry.row.id, entry);
      advance(entry, step);
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
