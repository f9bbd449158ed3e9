import { webhookDeliveryMachine, webhookDeliveryMachineVersion, type AttemptInput, type WebhookDeliveryMachine } from '../../machines/webhookDelivery.js';
import type { MachineDefinition } from '../actors/machineDefinition.js';
import { deliveryProjection, restingState } from './deliveryProjection.js';
import { deliveryRowWriters } from './deliveryRows.js';
import type { DeliverySnapshot, LiveDelivery } from './liveDelivery.js';

export interface DeliveryDefinitionOptions {
  /** Deliveries in memory on this node, by id (the attempt runner's map). */
  live: ReadonlyMap<string, LiveDelivery>;
  /** The chart's `attempt` slot: makes attempt `params.attempt` and answers the chart with its result. */
  attempt(params: AttemptInput): void;
  /** The host stored `snapshot`, a step at rest of delivery `id`, and let it go from memory. */
  stored(id: string, snapshot: DeliverySnapshot): void;
  /** The host could not store a delivery and stopped it; its row keeps its last stored state. */
  failed(id: string, reason: Error): void;
}

/** At rest: waiting on its retry timer, or finished. */
export function deliveryAtRest(snapshot: DeliverySnapshot): boolean {
  return snapshot.status === 'done' || snapshot.matches('waiting');
}

/**
 * The `webhookDelivery` machine as the actor host runs it, with its persistence adapter:
 * - its chart runs as pure steps (the handle's `chart`), each recorded with the host (`record`):
 *   nothing of a delivery waits inside xstate (the wait for a retry is a durable timer, an attempt
 *   in flight is the runner's send), so no live actor is needed, and a step costs a few µs;
 * - the snapshot is stored in the delivery row itself (`snapshotInProjection`): the projection
 *   (`deliveryProjection.ts`) writes the row with the latest attempt's result, the persisted
 *   snapshot, the superseded attempt's history row and the retry timer, all in the host's tick,
 *   with the row writers registered here (`deliveryRows.ts`);
 * - nothing is stored while an attempt is in flight: the first write of a delivery is the result
 *   of its first attempt, so the common delivery (sent once, 2xx) costs one row write;
 * - the one slot, `attempt`, is the runner's signed send, answered with `ATTEMPTED` or
 *   `ATTEMPT_FAILED`.
 * Deliveries are not leased (no `actors` row): a delivery is claimed instead, by the fan-out's
 * cursor, by recovery (SKIP LOCKED on Postgres) or by its retry timer (docs/actors.md).
 */
export function deliveryDefinition(options: DeliveryDefinitionOptions): MachineDefinition<WebhookDeliveryMachine> {
  const { live } = options;
  const logic = webhookDeliveryMachine.provide({ actions: { attempt: (_, params) => options.attempt(params) } });

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
      if (!entry) return {};
      return deliveryProjection(entry.row, restingState(snapshot), snapshot.context, () => JSON.stringify(logic.getPersistedSnapshot(snapshot)), now);
    },
    onStoredAtRest: (id, snapshot) => options.stored(id, snapshot),
    onFailed(id) {
      options.failed(id, new Error(`delivery ${id} could not be stored; recovery attempts it again`));
    },
  };
}
