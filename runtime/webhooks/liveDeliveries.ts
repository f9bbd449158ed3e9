import type { DeliveryRow, WebhookDeliveriesRepository } from '../../storage/repositories/webhookDeliveries.js';
import type { LiveDelivery } from './liveDelivery.js';

/**
 * The deliveries this node is working on, by id, and the callers waiting on them (`settled`).
 *
 * Invariants: a delivery leaves the map exactly once, either `finish`ed (its resting step is
 * stored: its waiters get the row as stored) or `leave`s (nothing more is stored: its waiters get
 * the error, and the host forgets its steps). An entry replaced in the map (a later attempt of the
 * same delivery) is never removed by its predecessor's end. Every departure calls `changed`.
 */
export interface LiveDeliveries {
  /** Deliveries in memory on this node, by id. */
  readonly map: Map<string, LiveDelivery>;
  /** Waits for the next stored resting step of `entry` (its row as stored then). */
  settled(entry: LiveDelivery): Promise<DeliveryRow>;
  /** Its resting step is stored: it leaves memory and its waiters get the stored row (`changed` unless `notify` is false). */
  finish(entry: LiveDelivery, notify?: boolean): void;
  /**
   * Drops it from memory without a stored result, settling its waiters with `error`; `cutShort`
   * (a shutdown stopped it) also adds its id to `unsent`.
   */
  leave(entry: LiveDelivery, error: Error, cutShort?: boolean): void;
  /** Drops every delivery with `error` (after a shutdown's writes), each cut short. */
  clear(error: () => Error): void;
  /** Ids of the deliveries a shutdown cut short: left memory with their last state stored, not attempted to the end. */
  readonly unsent: ReadonlySet<string>;
}

export interface LiveDeliveriesOptions {
  deliveries: Pick<WebhookDeliveriesRepository, 'get'>;
  /** The host forgets a delivery's recorded steps (`handle.forget`). */
  forget(id: string): void;
  /** Called whenever a delivery leaves memory. */
  changed(): void;
}

/** Why a delivery cut short by a shutdown left memory: its row is as last stored, and it runs again. */
export const shuttingDown = () => new Error('the service is shutting down; the delivery runs again after restart');

export function createLiveDeliveries(options: LiveDeliveriesOptions): LiveDeliveries {
  const map = new Map<string, LiveDelivery>();
  const unsent = new Set<string>();

  /** The row as stored now, to the waiters of a delivery whose resting step was stored. */
  function answerWaiters(id: string, waiters: LiveDelivery['waiters']): void {
    options.deliveries.get(id).then(
      (row) => {
        for (const waiter of waiters) {
          if (row) waiter.resolve(row);
          else waiter.reject(new Error(`delivery ${id} is gone`));
        }
      },
      (error: Error) => {
        for (const waiter of waiters) waiter.reject(error);
      },
    );
  }

  const live: LiveDeliveries = {
    map,
    settled(entry) {
      return new Promise<DeliveryRow>((resolve, reject) => entry.waiters.push({ resolve, reject }));
    },
    finish(entry, notify = true) {
      if (map.get(entry.row.id) === entry) map.delete(entry.row.id);
      if (notify) options.changed();
      const waiters = entry.waiters.splice(0);
      if (waiters.length > 0) answerWaiters(entry.row.id, waiters);
    },
    unsent,
    leave(entry, error, cutShort = false) {
      if (cutShort) unsent.add(entry.row.id);
      if (map.get(entry.row.id) === entry) {
        map.delete(entry.row.id);
        options.forget(entry.row.id);
      }
      for (const waiter of entry.waiters.splice(0)) waiter.reject(error);
      options.changed();
    },
    clear(error) {
      for (const entry of [...map.values()]) live.leave(entry, error(), true);
    },
  };
  return live;
}
