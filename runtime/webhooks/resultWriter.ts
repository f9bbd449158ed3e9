import type { Logger } from 'pino';
import type { Db } from '../../storage/db.js';
import type { AttemptRow, DeliveryRow, WebhookDeliveriesRepository } from '../../storage/repositories/webhookDeliveries.js';
import type { Clock } from '../clock.js';
import type { RetryTimerPayload, RetryTimers } from './retryTimers.js';

/** One delivery's stored transition: its whole row, the attempt it supersedes, its next wait. */
export interface ResultWrite {
  /** The row with the update applied (its changed columns are written, many rows per statement). */
  row: DeliveryRow;
  /** The attempt the row showed before this one, kept in the history; null for a first attempt. */
  history: AttemptRow | null;
  timer: { key: string; dueAt: string; payload: RetryTimerPayload } | null;
}

export interface ResultWriterOptions<T extends ResultWrite> {
  db: Db;
  deliveries: WebhookDeliveriesRepository;
  timers: RetryTimers;
  clock: Clock;
  logger: Logger;
  /** The item's write committed. */
  committed(item: T): void;
  /** The item's write failed: the row keeps its last stored state (recovery picks it up again). */
  failed(item: T, error: Error): void;
  /** Called after each batch, written or not. */
  settled(): void;
}

/**
 * Writes delivery results in batches: whatever finished while the previous batch was being
 * written goes out together. History rows are written before the delivery rows that supersede
 * them (both idempotent), so a crash between the two loses no attempt. Rows with a retry timer
 * commit with their timers in one transaction.
 */
export function createResultWriter<T extends ResultWrite>(options: ResultWriterOptions<T>) {
  const { db, deliveries, timers, clock, logger } = options;
  let queue: T[] = [];
  let writing: Promise<void> | null = null;

  async function drain(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      const now = clock.now().toISOString();
      const rows = new Array<DeliveryRow>(batch.length);
      const history: AttemptRow[] = [];
      let withTimer = false;
      for (let i = 0; i < batch.length; i++) {
        const item = batch[i]!;
        item.row.updated_at = now;
        rows[i] = item.row;
        if (item.history) history.push(item.history);
        if (item.timer) withTimer = true;
      }
      try {
        if (withTimer) {
          await db.transaction(async (trx) => {
            if (history.length > 0) await deliveries.insertAttempts(history, trx);
            await deliveries.updateMany(rows, trx);
            for (const item of batch) if (item.timer) await timers.schedule(trx, item.timer.key, item.timer.dueAt, item.timer.payload);
          });
        } else {
          // Without timers the rows are independent of each other and of anything else: each
          // statement (thousands of rows) commits on its own, saving a transaction's round trips.
          if (history.length > 0) await deliveries.insertAttempts(history);
          await deliveries.updateMany(rows);
        }
        for (const item of batch) options.committed(item);
      } catch (error) {
        logger.error({ err: error, deliveries: batch.length }, 'storing webhook delivery results failed');
        for (const item of batch) options.failed(item, error as Error);
      }
      options.settled();
    }
  }

  return {
    write(item: T): void {
      queue.push(item);
      if (!writing) {
        writing = drain().finally(() => {
          writing = null;
          options.settled();
        });
      }
    },
    /** True while a batch is queued or being written. */
    get busy(): boolean {
      return writing !== null || queue.length > 0;
    },
    /** Resolves when the batch being written (if any) is done. */
    async flushed(): Promise<void> {
      await writing;
    },
  };
}

export type ResultWriter<T extends ResultWrite> = ReturnType<typeof createResultWriter<T>>;
