import type { CrewDefinition } from '../../crews/index.js';

/** Weight of the newest sample in the running average. */
const alpha = 0.3;

/**
 * Measured stage durations per crew and stage, as exponentially weighted running averages. The
 * first sample of a stage replaces the prior outright (a crew that takes 0.4 s must not be
 * estimated at minutes for long). A stage not measured yet counts the mean of the crew's measured
 * stages, else `unmeasuredStageMs` (the model's own prior: the local model answers in well under a
 * second), else the crew's configured `secondsPerStage` (a remote model).
 */
export function stageDurations(options: { unmeasuredStageMs?: number } = {}) {
  const averages = new Map<string, Map<string, number>>();

  function crewMean(crewId: string): number | undefined {
    const stages = averages.get(crewId);
    if (!stages || stages.size === 0) return undefined;
    let total = 0;
    for (const ms of stages.values()) total += ms;
    return total / stages.size;
  }

  function stageMs(crew: CrewDefinition, stage: string): number {
    return averages.get(crew.id)?.get(stage) ?? crewMean(crew.id) ?? options.unmeasuredStageMs ?? crew.secondsPerStage * 1000;
  }

  return {
    observe(crewId: string, stage: string, ms: number): void {
      if (!Number.isFinite(ms) || ms < 0) return;
      let stages = averages.get(crewId);
      if (!stages) averages.set(crewId, (stages = new Map()));
      const previous = stages.get(stage);
      stages.set(stage, previous === undefined ? ms : previous + alpha * (ms - previous));
    },
    stageMs,
    /** The revision step: measured, else the crew's revision stage. */
    revisionMs(crew: CrewDefinition): number {
      return averages.get(crew.id)?.get('revision') ?? stageMs(crew, crew.revisionStage);
    },
    measured(crewId: string): Record<string, number> {
      return Object.fromEntries(averages.get(crewId) ?? []);
    },
  };
}
