import type { CrewId } from '../../crews/index.js';
import type { ModelProvider, StageInput, StageOutput } from '../types.js';
import { mindStep } from './mind.js';
import { pilotStep } from './pilot.js';
import { reviseStep } from './revision.js';
import { think } from './think.js';
import { writerStep } from './writer.js';

export interface LocalProviderOptions {
  /** Think time per step in milliseconds (CREWD_LOCAL_MODEL_DELAY_MS); 0 answers at once. */
  delayMs?: number;
}

const crews: Record<CrewId, (input: StageInput) => StageOutput> = { writer: writerStep, mind: mindStep, pilot: pilotStep };

/**
 * The default model: offline and deterministic, no network and no weights. It composes each
 * stage's document from the brief, requirements, context, context documents, knowledge passages
 * and revision feedback with plain text statistics. It is honest about what it is: every fact in
 * its output comes from the client's own material, the rest is framing. It never asks for tools.
 */
export function createLocalProvider(options: LocalProviderOptions = {}): ModelProvider {
  const delayMs = options.delayMs ?? 0;
  return {
    name: 'local',
    async step(input, _tools, _exchanges, signal) {
      await think(delayMs, signal);
      const output = input.revision ? reviseStep(input, input.revision) : crews[input.crew.id](input);
      return { kind: 'final', output };
    },
  };
}
