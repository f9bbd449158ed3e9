import type { Db } from '../../storage/db.js';
import type { EventBus } from '../../runtime/events/eventBus.js';
import { createMetrics, type Metrics } from '../../runtime/metrics/createMetrics.js';
import { timeDatabase } from '../../runtime/metrics/databaseTiming.js';
import { countOutcomeEvents } from '../../runtime/metrics/outcomeEvents.js';
import { eventsRepository } from '../../storage/repositories/events.js';
import { webhookDeliveriesRepository } from '../../storage/repositories/webhookDeliveries.js';
import { cursorName } from '../../runtime/webhooks/eventTail.js';

/** What the scrape-time series read from the actor host. */
export interface MetricsHost {
  list(): Array<{ machine: string; state: string; workspace_id: string | null }>;
  health(): { flushFailures: number; fencedWrites: number };
}

/**
 * The runtime's Prometheus series, timing the database and counting outcome events from now on.
 * Call `bindSources` once the actor host and the stream exist; until then their series read empty.
 * `stop` detaches the database timing and the event counting (before the database is destroyed).
 */
export function buildMetrics(db: Db, eventBus: EventBus) {
  // Scrape-time sources are late-bound: the actor host and the stream are built after the metrics
  // they report to.
  let hostRef: MetricsHost | undefined;
  let streamRef: { clientCount: number } | undefined;
  const events = eventsRepository(db);
  const deliveries = webhookDeliveriesRepository(db);
  const metrics: Metrics = createMetrics({
    liveActors: () => hostRef?.list() ?? [],
    streamClients: () => streamRef?.clientCount ?? 0,
    actorFlushFailures: () => hostRef?.health().flushFailures ?? 0,
    fencedWrites: () => hostRef?.health().fencedWrites ?? 0,
    async webhookBacklog() {
      const [last, cursor, open] = await Promise.all([events.maxPosition(), deliveries.readCursor(cursorName), deliveries.countOpen()]);
      return { events: Math.max(0, last - cursor), deliveries: open };
    },
    queueDepth() {
      const depth: Record<string, number> = {};
      for (const actor of hostRef?.list() ?? []) {
        if (actor.workspace_id && actor.machine === 'outcome' && actor.state === 'queued') depth[actor.workspace_id] = (depth[actor.workspace_id] ?? 0) + 1;
      }
      return depth;
    },
  });
  const stopDbTiming = timeDatabase(db, metrics);
  const stopOutcomeCounting = countOutcomeEvents(eventBus, metrics);
  return {
    metrics,
    bindSources(host: MetricsHost, stream: { clientCount: number }): void {
      hostRef = host;
      streamRef = stream;
    },
    stop(): void {
      stopOutcomeCounting();
      stopDbTiming();
    },
  };
}
