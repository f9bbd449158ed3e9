import type { Repositories } from '../../storage/index.js';
import type { CrewDefinition } from '../../crews/index.js';
import type { CompletionEstimator } from './completionEstimator.js';

/**
 * Seeds the estimator at start from stored stage outputs: stage i of an attempt took from the
 * output of stage i-1 to its own (the first stage has no stored start and is left to live
 * measurements). Samples go in oldest first, so the running averages end on recent ones.
 */
export async function seedDurations(repos: Pick<Repositories, 'stageOutputs'>, estimator: Pick<CompletionEstimator, 'observe'>, crewOf: (crewId: string) => CrewDefinition | undefined): Promise<number> {
  const rows = (await repos.stageOutputs.recentTimings()).reverse();
  const written = new Map<string, string>();
  for (const row of rows) written.set(`${row.outcome_id}@${row.attempt}#${row.step_key}`, row.created_at);
  let samples = 0;
  for (const row of rows) {
    const index = Number(row.step_key);
    const stage = crewOf(row.crew)?.stages[index];
    const before = written.get(`${row.outcome_id}@${row.attempt}#${index - 1}`);
    if (!stage || index === 0 || !before) continue;
    estimator.observe(row.crew, stage.name, Date.parse(row.created_at) - Date.parse(before));
    samples += 1;
  }
  return samples;
}
