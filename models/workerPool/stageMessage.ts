import { crews, type CrewDefinition, type CrewId, type CrewStage } from '../../crews/index.js';
import type { StageInput } from '../types.js';

/**
 * A stage input as it crosses to a model worker. A built-in crew goes by its id and the stage by
 * its index: the worker holds the same frozen definitions, and the whole crew (about 1.2 KB
 * serialized) was otherwise copied on every step, on both threads. Any other crew goes whole.
 */
export type StageMessage = Omit<StageInput, 'crew' | 'stage'> & { crew: CrewDefinition | CrewId; stage: CrewStage | number };

export function toStageMessage(input: StageInput): StageMessage {
  const crew = (crews as Record<string, CrewDefinition | undefined>)[input.crew.id];
  if (crew !== input.crew) return input;
  const stage = crew.stages.indexOf(input.stage);
  return { ...input, crew: crew.id, stage: stage >= 0 ? stage : input.stage };
}

/** The stage input a `toStageMessage` message stands for, with the worker's own crew definitions. */
export function fromStageMessage(message: StageMessage): StageInput {
  if (typeof message.crew !== 'string') return message as StageInput;
  const crew = crews[message.crew];
  return { ...message, crew, stage: typeof message.stage === 'number' ? crew.stages[message.stage]! : message.stage };
}
