import { fromPromise } from 'xstate';
import {
  webhookDeliveryMachine,
  webhookDeliveryMachineVersion,
  type AttemptInput,
  type AttemptOutput,
  type WebhookDeliveryMachine,
} from '../../machines/webhookDelivery.js';
import type { MachineDefinition } from '../actors/machineDefinition.js';
import { deliveryProjection, restingState } from './deliveryProjection.js';
import { deliveryRowWriters } from './deliveryRows.js';
import type { DeliverySnapshot, LiveDelivery } from './liveDelivery.js';

export interface DeliveryDefinitionOptions {
  /** Deliveries in memory on this node, by id (the attempt runner's map). */
  live: Map<string, LiveDelivery>;
  /** Makes the signed POST of attempt `attemptNo` of a live delivery. */
  send(entry: LiveDelivery, attemptNo: number): Promise<AttemptOutput>;
  /** A live delivery moved: at rest (waiting or final) its write is queued in the host's tick. */
  moved(entry: LiveDelivery, snapshot: DeliverySnapshot, atRest: boolean): void;
  /** The host could not store a delivery and stopped it; its row keeps its last stored state. */
  failed(entry: LiveDelivery, reason: Error): void;
}

/** At rest: waiting on its retry timer, or finished. */
export function deliveryAtRest(snapshot: DeliverySnapshot): boolean {
  return snapshot.status === 'done' || snapshot.matches('waiting');
}

/**
 * The `webhookDelivery` machine as the actor host runs it, with its persistence adapter:
 * - the snapshot is stored in the delivery row itself (`snapshotInProjection`): the projection
 *   (`deliveryProjection.ts`) writes the row with the latest attempt's result, the persisted
 *   snapshot, the superseded attempt's history row and the retry timer, all in the host's tick;
 * - nothing is stored while an attempt is in flight: the first write of a delivery is the result
 *   of its first attempt, so the common delivery (sent once, 2xx) costs one row write;
 * - the `attempt` slot makes the signed POST; a restored actor whose attempt's result is already
 *   on the row answers with it instead of sending again, and an actor started after its first
 *   attempt was made (the shortcut below) answers with that attempt's outcome. `recordAttempt` and `scheduleRetry` need
 *   no effect here: the projection reads the same from the snapshot (`lastAttempt`,
 *   `nextRetryAt`), so a tick written twice (a retried flush) writes the same rows.
 * - the shortcut (`firstAttemptShortcut.ts`): a new delivery's immediate first attempt is sent
 *   before any actor exists; on a 2xx the chart's final snapshot and row are committed through the
 *   host's tick without an actor, anything else starts the actor with that outcome.
 * Deliveries are not leased (no `actors` row): a delivery is claimed instead, by the fan-out's
 * cursor, by recovery (SKIP LOCKED on Postgres) or by its retry timer (docs/actors.md).
 */
export function deliveryDefinition(options: DeliveryDefinitionOptions): MachineDefinition<WebhookDeliveryMachine> {
  const { live } = options;

  async function attempt(input: AttemptInput): Promise<AttemptOutput> {
    const entry = live.get(input.deliveryId);
    if (!entry) throw new Error(`delivery ${input.deliveryId} is not live on this node`);
    const { row, known } = entry;
    if (known && known.attempt === input.attempt) {
      entry.known = null;
      if (known.output) return known.output;
      throw known.error;
    }
    if (row.attempt >= input.attempt && row.delivered_at) {
      return {
        ok: row.state === 'succeeded',
        status: row.response_code,
        responseTimeMs: row.response_time_ms ?? 0,
        at: row.delivered_at,
        ...(row.error ? { error: row.error } : {}),
      };
    }
    try {
      return await options.send(entry, input.attempt);
    } catch (error) {
      entry.sendError = error instanceof Error ? error : new Error(String(error));
      throw error;
    }
  }

  const logic = webhookDeliveryMachine.provide({
    actors: { attempt: fromPromise<AttemptOutput, AttemptInput>(({ input }) => attempt(input)) },
    actions: { recordAttempt: () => {}, scheduleRetry: () => {} },
  });

  return {
    name: 'webhookDelivery',
    version: Number(webhookDeliveryMachineVersion),
    logic,
    rows: deliveryRowWriters,
    snapshotInProjection: true,
    atRest: deliveryAtRest,
    workspaceOf: (snapshot) => live.get(snapshot.context.deliveryId)?.row.workspace_id ?? null,
    project(snapshot, now) {
      const entry = live.get(snapshot.context.deliveryId);
      if (!entry || entry.discarded) return {};
      return deliveryProjection(entry.row, restingState(snapshot), snapshot.context, () => JSON.stringify(logic.getPersistedSnapshot(snapshot)), now);
    },
    onTransition(id, snapshot) {
      const entry = live.get(id);
      if (entry) options.moved(entry, snapshot, deliveryAtRest(snapshot));
    },
    onFailed(id) {
      const entry = live.get(id);
      if (entry) options.failed(entry, new Error(`delivery ${id} could not be stored; recovery attempts it again`));
    },
  };
}
