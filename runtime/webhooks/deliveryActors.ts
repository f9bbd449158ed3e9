import type { Logger } from 'pino';
import { createActor, fromPromise } from 'xstate';
import {
  webhookDeliveryMachine,
  webhookDeliveryMachineVersion,
  type AttemptInput,
  type AttemptOutput,
} from '../../machines/webhookDelivery.js';
import type { DeliveryRow } from '../../storage/repositories/webhookDeliveries.js';
import type { DeliverySnapshot, LiveDelivery } from './liveDelivery.js';

export interface DeliveryActorsOptions {
  /** Deliveries in memory on this node, by id (the attempt runner's map). */
  live: Map<string, LiveDelivery>;
  /** Makes the signed POST of attempt `attemptNo` of a live delivery. */
  send(entry: LiveDelivery, attemptNo: number): Promise<AttemptOutput>;
  schedule: number[];
  logger: Logger;
  /** Called when an actor comes to rest (waiting) or ends: store what the transition left. */
  settle(entry: LiveDelivery, snapshot: DeliverySnapshot): void;
}

/**
 * The `webhookDelivery` machine with this node's slots provided, and the actors made from it:
 * the `attempt` slot sends (or answers with an outcome already known or stored), and the
 * `recordAttempt`/`scheduleRetry` slots note on the live entry what `settle` must write.
 */
export function createDeliveryActors(options: DeliveryActorsOptions) {
  const { live, send, schedule, logger } = options;

  const machine = webhookDeliveryMachine.provide({
    actors: {
      attempt: fromPromise<AttemptOutput, AttemptInput>(({ input }) => attempt(input)),
    },
    actions: {
      recordAttempt: (_, params) => {
        const entry = live.get(params.deliveryId);
        if (entry) entry.record = params;
      },
      scheduleRetry: (_, params) => {
        const entry = live.get(params.deliveryId);
        if (entry) entry.retry = params;
      },
    },
  });

  async function attempt(input: AttemptInput): Promise<AttemptOutput> {
    const entry = live.get(input.deliveryId);
    if (!entry) throw new Error(`delivery ${input.deliveryId} is not live on this node`);
    const { row } = entry;
    // A first attempt made before the actor existed: its outcome, not a second send.
    const known = entry.known;
    if (known && known.attempt === input.attempt) {
      entry.known = null;
      if (known.output) return known.output;
      throw known.error;
    }
    // A restored actor runs its attempt again: where the result is stored, answer with it.
    if (row.attempt >= input.attempt && row.delivered_at) {
      return {
        ok: row.state === 'succeeded',
        status: row.response_code,
        responseTimeMs: row.response_time_ms ?? 0,
        at: row.delivered_at,
        ...(row.error ? { error: row.error } : {}),
      };
    }
    return send(entry, input.attempt);
  }

  /** Gives the entry an actor (from `snapshot`, or fresh from its row), not yet started. */
  function attach(entry: LiveDelivery, snapshot: DeliverySnapshot | null): void {
    const { row } = entry;
    const actor = snapshot
      ? createActor(machine, { snapshot, input: undefined as never })
      : createActor(machine, {
          input: { deliveryId: row.id, webhookId: row.webhook_id, schedule, attempt: row.attempt, scheduledAt: row.created_at },
        });
    entry.actor = actor;
    let lastSeen: DeliverySnapshot | null = null;
    actor.subscribe({
      next: (next) => {
        if (next === lastSeen) return;
        lastSeen = next;
        if (next.status === 'done' || next.matches('waiting')) options.settle(entry, next);
      },
      error: (error) => logger.error({ err: error, delivery_id: row.id }, 'webhook delivery actor failed'),
    });
  }

  /** The stored snapshot of a row, or null when it has none (it starts fresh). */
  function restore(row: DeliveryRow): DeliverySnapshot | null {
    if (!row.snapshot) return null;
    if (row.machine_version !== webhookDeliveryMachineVersion) {
      logger.warn({ delivery_id: row.id, version: row.machine_version }, 'restoring a webhook delivery stored by another machine version');
    }
    return JSON.parse(row.snapshot) as DeliverySnapshot;
  }

  return { machine, attach, restore };
}

export type DeliveryActors = ReturnType<typeof createDeliveryActors>;
