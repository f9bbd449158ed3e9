import type { CompletionEstimator } from './completionEstimator.js';
import type { OutcomeSnapshot } from './engineMachines.js';

/**
 * Feeds the estimator from one outcome transition: a stage that just completed took from the
 * previous `updatedAt` (its start: START, or the end of the stage before) to its output's time;
 * a revision that just completed took from its request to `revisedAt`.
 */
export function observeDurations(estimator: Pick<CompletionEstimator, 'observe'>, previous: OutcomeSnapshot, snapshot: OutcomeSnapshot): void {
  const before = previous.context;
  const after = snapshot.context;
  if (after.attempt === before.attempt && after.stagesCompleted.length === before.stagesCompleted.length + 1) {
    const stage = before.stages[before.stageIndex];
    if (stage) estimator.observe(after.crew, stage.name, Date.parse(after.updatedAt) - Date.parse(before.updatedAt));
  }
  if (before.revision && after.revisedAt && after.revisedAt !== before.revisedAt) {
    estimator.observe(after.crew, 'revision', Date.parse(after.revisedAt) - Date.parse(before.revision.startedAt));
  }
}
