import type { Db } from '../../storage/db.js';
import type { DeliveryRow, WebhookDeliveriesRepository } from '../../storage/repositories/webhookDeliveries.js';
import type { Clock } from '../clock.js';
import { retryTimerKind, type RetryTimers } from './retryTimers.js';

export interface RecoveryOptions {
  db: Db;
  deliveries: WebhookDeliveriesRepository;
  timers: RetryTimers;
  clock: Clock;
  /** Ids of the deliveries in memory on this node now. */
  liveIds(): ReadonlySet<string> | Iterable<string>;
  begin(row: DeliveryRow): void;
}

/**
 * The explicit path for deliveries a stopped or crashed node left unfinished (graphile-worker
 * style): run at start and then periodically, since on a cluster another node may die at any time.
 *
 * - Stranded first attempts: rows still `scheduled` (fanned out, first attempt never stored) last
 *   touched more than `graceMs` ago are claimed with a compare-and-set on `updated_at` (one node
 *   wins each) and attempted. The grace must outlast an attempt in flight elsewhere (receiver
 *   timeout plus margin); it is 0 only when no other process can be working (start on SQLite).
 * - Lost timers: a `waiting` row without its retry timer (the timer fired, the attempt never got
 *   stored) gets its timer back, due at once if it is overdue.
 */
export interface Recovery {
  /** One recovery pass; resolves with how many deliveries and timers it took over. */
  recover(graceMs: number): Promise<{ deliveries: number; timers: number }>;
}

export function createRecovery(options: RecoveryOptions): Recovery {
  const { db, deliveries, timers, clock } = options;

  async function recoverScheduled(graceMs: number): Promise<number> {
    const now = clock.now();
    const cutoff = new Date(now.getTime() - graceMs).toISOString();
    let after = '';
    let taken = 0;
    for (;;) {
      // Taken before the read: a row that finishes on this node while the read runs is in it.
      const busy = new Set(options.liveIds());
      const rows = (await deliveries.listScheduled(500, after, cutoff));
      if (rows.length === 0) break;
      after = rows[rows.length - 1]!.id;
      const candidates = rows.filter((row) => !busy.has(row.id));
      if (candidates.length === 0) continue;
      const stamp = clock.now().toISOString();
      const claimed = new Set(await deliveries.claimScheduled(candidates, stamp));
      for (const row of candidates) {
        if (!claimed.has(row.id)) continue;
        options.begin({ ...row, updated_at: stamp });
        taken++;
      }
    }
    return taken;
  }

  async function recoverTimers(graceMs: number): Promise<number> {
    const busy = new Set(options.liveIds());
    const cutoff = new Date(clock.now().getTime() - graceMs).toISOString();
    // On a cluster, only those overdue by more than the grace period (another node may be mid-attempt).
    const orphans = (await deliveries.listWaitingWithoutTimer(retryTimerKind, 1_000)).filter(
      (row) => !busy.has(row.id) && (graceMs === 0 || (row.next_retry ?? '') <= cutoff),
    );
    if (orphans.length === 0) return 0;
    const now = clock.now().toISOString();
    await db.transaction(async (trx) => {
      for (const row of orphans) {
        await timers.schedule(trx, row.id, row.next_retry && row.next_retry > now ? row.next_retry : now, { deliveryId: row.id, attempt: row.attempt + 1 });
      }
    });
    timers.wake?.(now);
    return orphans.length;
  }

  return {
    /** One recovery pass; resolves with how many deliveries and timers it took over. */
    async recover(graceMs: number): Promise<{ deliveries: number; timers: number }> {
      return { deliveries: await recoverScheduled(graceMs), timers: await recoverTimers(graceMs) };
    },
  };
}

