import type { OutcomeRow } from '../../storage/repositories/outcomes.js';
import type { A2aDeps } from './a2aDeps.js';

/**
 * Yields the outcome each time it changed (status, stage, pending action, result), starting with
 * its current row, and returns after yielding a row `done` accepts. Woken by this process's events
 * and by other processes' event notices (Postgres), and re-reads every `pollMs` regardless, so a
 * missed notice costs at most one poll. Stops quietly when `signal` aborts (the client left).
 */
export async function* followOutcome(deps: A2aDeps, workspaceId: string, outcomeId: string, signal: AbortSignal, done: (row: OutcomeRow) => boolean): AsyncGenerator<OutcomeRow> {
  let wake: (() => void) | undefined;
  const unsubscribe = deps.eventBus.subscribe((events) => {
    if (events.some((event) => event.outcome_id === outcomeId)) wake?.();
  });
  const unsubscribeRemote = deps.eventBus.subscribeRemote((refs) => {
    if (refs.some(([id]) => id === outcomeId)) wake?.();
  });
  let last = '';
  try {
    while (!signal.aborted) {
      const row = await deps.outcomes.get(workspaceId, outcomeId);
      if (!row) return;
      const seen = JSON.stringify([row.status, row.progress, row.pending_action ?? null, row.revision_id, row.updated_at]);
      if (seen !== last) {
        last = seen;
        yield row;
        if (done(row)) return;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(finish, deps.pollMs ?? 1000);
        signal.addEventListener('abort', finish, { once: true });
        wake = finish;
        function finish() {
          clearTimeout(timer);
          signal.removeEventListener('abort', finish);
          wake = undefined;
          resolve();
        }
      });
    }
  } finally {
    unsubscribe();
    unsubscribeRemote();
  }
}
