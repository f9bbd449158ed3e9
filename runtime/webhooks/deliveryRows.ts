import type { TimerRow } from '../../storage/repositories/timers.js';
import type { AttemptRow, DeliveryRow } from '../../storage/repositories/webhookDeliveries.js';
import type { RowWriter } from '../actors/rowWriter.js';

// The webhookDelivery machine's kinds of tick rows (runtime/actors/tickRows.ts).
declare module '../actors/tickRows.js' {
  interface TickRows {
    /** Webhook delivery rows projected from delivery snapshots (the snapshot is in the row). */
    deliveryStates?: DeliveryRow[];
    /** The attempts those rows supersede, kept in the history. */
    deliveryAttempts?: AttemptRow[];
    /** Their retry timers (RETRY_DUE for the next attempt). */
    timers?: Array<Omit<TimerRow, 'claimed_by' | 'claimed_until'>>;
  }
}

/**
 * The webhookDelivery machine's persistence (deliveryDefinition.ts): a delivery's superseded
 * attempt (kept in the history), its row with the snapshot, and its retry timer.
 */
export const deliveryRowWriters: readonly RowWriter[] = [
  {
    kinds: ['deliveryAttempts', 'deliveryStates', 'timers'],
    tables: ['webhook_attempts', 'webhook_deliveries', 'timers'],
    phase: 'update',
    async write(rows, trx, repos) {
      if (rows.deliveryAttempts?.length) await repos.webhookDeliveries.insertAttempts(rows.deliveryAttempts, trx);
      if (rows.deliveryStates?.length) await repos.webhookDeliveries.updateMany(rows.deliveryStates, trx);
      for (const timer of rows.timers ?? []) await repos.timers.upsert(timer, trx);
    },
  },
];
