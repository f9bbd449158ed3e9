import type { OutcomeContext, OutcomeStageRef } from './outcomeTypes.js';

/*
 * The outcome machine's pure arithmetic on times and progress. No clock is read: every time
 * comes from an event or from the context.
 */

/** `iso` moved by `seconds`. */
export function addSeconds(iso: string, seconds: number): string {
  return new Date(Date.parse(iso) + seconds * 1000).toISOString();
}

/** An agent's progress: the share of its stages already done, as `NN%`. */
export function agentProgress(stages: OutcomeStageRef[], agent: string, done: string[]): string {
  const mine = stages.filter((stage) => stage.agent === agent);
  const finished = mine.filter((stage) => done.includes(stage.name)).length;
  return `${Math.round((100 * finished) / Math.max(1, mine.length))}%`;
}

/** When an event happened: its own `at`, a promise actor's output `at`, else the last update. */
export function eventTime(context: OutcomeContext, event: unknown): string {
  const e = event as { at?: string; output?: { at?: string } };
  return e.at ?? e.output?.at ?? context.updatedAt;
}
