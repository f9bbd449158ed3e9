import type { CrewDefinition } from '../../crews/index.js';
import type { BatchPlan } from './planBatch.js';
import type { CompletionEstimator } from './completionEstimator.js';

/**
 * The estimated completion of every entry of a batch, by outcome id. Entries without
 * dependencies go in line in start order (each behind the ones before it); an entry with
 * dependencies is estimated after everything it waits for, so its estimate is never earlier.
 */
export function batchEstimates(estimator: CompletionEstimator, plan: BatchPlan, workspaceId: string, crews: Map<string, CrewDefinition>, at: string): Map<string, string> {
  const estimates = new Map<string, string>();
  const byId = new Map(plan.order.map((item) => [item.id, item]));
  const inLine: string[] = [];
  for (const item of plan.sorted) {
    if (plan.dependsOn(item.entry).length > 0) continue;
    estimates.set(item.id, estimator.estimate({ id: item.id, workspaceId, crew: crews.get(item.entry.crew_id)!, stageIndex: 0, phase: 'queued', alsoAhead: [...inLine], at }));
    inLine.push(item.id);
  }
  // Dependencies first (the plan has no cycle, so this ends).
  const visit = (id: string): void => {
    if (estimates.has(id)) return;
    const item = byId.get(id)!;
    const dependsOn = plan.dependsOn(item.entry);
    for (const dependency of dependsOn) visit(dependency);
    estimates.set(id, estimator.estimate({ id, workspaceId, crew: crews.get(item.entry.crew_id)!, stageIndex: 0, phase: 'held', dependsOn, at }));
  };
  for (const item of plan.order) visit(item.id);
  return estimates;
}
