import type { ActorRow } from '../../storage/repositories/actors.js';

export interface OutcomeTraceparentDeps {
  /** The live outcome actor's stored trace context, when the outcome is live in this process. */
  live(outcomeId: string): string | null | undefined;
  /** The outcome's actor row (an outcome at rest, or one another process runs). */
  stored(outcomeId: string): Promise<Pick<ActorRow, 'snapshot' | 'input'> | undefined>;
}

// Webhook attempts of one outcome come in bursts (created, stages, completed, retries): its
// context is kept for the next one. The oldest entries leave first past this many outcomes.
const maxCached = 1_000;

function fromRow(row: Pick<ActorRow, 'snapshot' | 'input'> | undefined): string | undefined {
  const context = (row?.snapshot as { context?: { traceparent?: unknown } } | null)?.context;
  const value = context?.traceparent ?? (row?.input as { traceparent?: unknown } | null)?.traceparent;
  return typeof value === 'string' ? value : undefined;
}

/**
 * The trace context an outcome keeps (set at deploy, machines/outcomeTypes.ts), for spans made
 * outside its actor (webhook attempts): from the live actor, else its stored row. Only called
 * while tracing is on.
 */
export function outcomeTraceparent(deps: OutcomeTraceparentDeps): (outcomeId: string) => Promise<string | undefined> {
  const cache = new Map<string, string | undefined>();
  return async (outcomeId) => {
    const live = deps.live(outcomeId);
    if (live) return live;
    if (cache.has(outcomeId)) return cache.get(outcomeId);
    const value = fromRow(await deps.stored(outcomeId));
    if (cache.size >= maxCached) cache.delete(cache.keys().next().value!);
    cache.set(outcomeId, value);
    return value;
  };
}
