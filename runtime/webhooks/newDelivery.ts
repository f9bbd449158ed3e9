import { webhookDeliveryMachineVersion } from '../../machines/webhookDelivery.js';
import type { DeliveryRow } from '../../storage/repositories/webhookDeliveries.js';
import type { IdGenerator } from '../ids.js';

/** A delivery row before its first attempt: `scheduled`, attempt 0, no snapshot yet. */
export function newDelivery(
  ids: IdGenerator,
  fields: { webhookId: string; workspaceId: string; eventId: string | null; kind: string; body: string; test: boolean; now: string },
): DeliveryRow {
  return {
    id: ids.id('del', 20),
    webhook_id: fields.webhookId,
    workspace_id: fields.workspaceId,
    event_id: fields.eventId,
    event: fields.kind,
    body: fields.body,
    test: fields.test,
    state: 'scheduled',
    attempt: 0,
    response_code: null,
    response_time_ms: null,
    delivered_at: null,
    next_retry: null,
    error: null,
    snapshot: null,
    machine_version: webhookDeliveryMachineVersion,
    created_at: fields.now,
    updated_at: fields.now,
  };
}
