import type { EventBus } from '../events/eventBus.js';
import type { Metrics } from './createMetrics.js';

/**
 * Counts outcomes by crew and status and times stages, from the committed events on the bus
 * (crew.agent_started to crew.agent_completed of the same outcome and stage, by the events' own
 * timestamps). Returns the unsubscribe function.
 */
export function countOutcomeEvents(bus: EventBus, metrics: Metrics): () => void {
  /** outcome id -> stage -> start (ms); dropped when the outcome ends. */
  const running = new Map<string, Map<string, number>>();

  return bus.subscribe((events) => {
    for (const event of events) {
      const data = event.data as { crew?: unknown; stage?: unknown; error?: { code?: unknown } };
      const crew = typeof data.crew === 'string' ? data.crew : 'unknown';
      const outcomeId = event.outcome_id;
      switch (event.kind) {
        case 'outcome.created':
          metrics.outcome(crew, 'created');
          break;
        case 'outcome.completed':
          metrics.outcome(crew, 'completed');
          if (outcomeId) running.delete(outcomeId);
          break;
        case 'outcome.failed':
          metrics.outcome(crew, data.error?.code === 'cancelled' ? 'cancelled' : 'failed');
          if (outcomeId) running.delete(outcomeId);
          break;
        case 'outcome.revision_requested':
          metrics.outcome(crew, 'revision_requested');
          break;
        case 'outcome.revision_failed':
          metrics.outcome(crew, 'revision_failed');
          break;
        case 'crew.agent_started':
          if (outcomeId && typeof data.stage === 'string') {
            const stages = running.get(outcomeId) ?? new Map<string, number>();
            stages.set(data.stage, Date.parse(event.timestamp));
            running.set(outcomeId, stages);
          }
          break;
        case 'crew.agent_completed': {
          const started = outcomeId && typeof data.stage === 'string' ? running.get(outcomeId)?.get(data.stage) : undefined;
          if (started !== undefined && typeof data.stage === 'string') {
            running.get(outcomeId!)!.delete(data.stage);
            metrics.stage(crew, data.stage, Math.max(0, (Date.parse(event.timestamp) - started) / 1000));
          }
          break;
        }
      }
    }
  });
}
