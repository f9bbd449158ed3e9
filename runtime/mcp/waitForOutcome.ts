import type { OutcomeRow } from '../../storage/repositories/outcomes.js';
import type { CrewdMcpDeps } from './mcpDeps.js';

const finished = new Set(['completed', 'failed']);

/**
 * Waits until the outcome completed or failed, calling `onProgress` each time its progress moved.
 * Woken by the event bus (events of this outcome), and re-reads every `pollMs` regardless, since a
 * bus only hears this process. Resolves with the last row read (early when `stopWhen` holds for
 * it); rejects when `signal` aborts.
 */
export async function waitForOutcome(
  deps: CrewdMcpDeps,
  workspaceId: string,
  outcomeId: string,
  signal: AbortSignal,
  onProgress: (row: OutcomeRow) => Promise<void>,
  stopWhen?: (row: OutcomeRow) => boolean,
): Promise<OutcomeRow> {
  let wake: (() => void) | undefined;
  const unsubscribe = deps.eventBus.subscribe((events) => {
    if (events.some((event) => event.outcome_id === outcomeId)) wake?.();
  });
  let lastReported = '';
  try {
    for (;;) {
      signal.throwIfAborted();
      const row = await deps.outcomes.get(workspaceId, outcomeId);
      if (!row) throw new Error(`Outcome ${outcomeId} no longer exists.`);
      const seen = `${row.status} ${JSON.stringify(row.progress)}`;
      if (seen !== lastReported) {
        lastReported = seen;
        await onProgress(row);
      }
      if (finished.has(row.status) || stopWhen?.(row)) return row;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, deps.pollMs ?? 1000);
        signal.addEventListener('abort', done, { once: true });
        wake = done;
        function done() {
          clearTimeout(timer);
          signal.removeEventListener('abort', done);
          wake = undefined;
          resolve();
        }
      });
    }
  } finally {
    unsubscribe();
  }
}
