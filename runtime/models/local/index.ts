import type { CrewId } from '../../crews/index.js';
import type { ModelProvider, StageInput, StageOutput } from '../types.js';
import { Memo } from './memo.js';
import { mindStep } from './mind.js';
import { pilotStep } from './pilot.js';
import { reviseStep } from './revision.js';
import { think } from './think.js';
import { writerStep } from './writer.js';

export interface LocalProviderOptions {
  /** Think time per step in milliseconds (CREWD_LOCAL_MODEL_DELAY_MS); 0 answers at once. */
  delayMs?: number;
  /** How many requests' analyses are kept for their later stages (default 32). */
  memoEntries?: number;
}

const crews: Record<CrewId, (input: StageInput, memo: Memo) => StageOutput> = { writer: writerStep, mind: mindStep, pilot: pilotStep };

/**
 * The default model: offline and deterministic, no network and no weights. It composes each
 * stage's document from the brief, requirements, context, context documents, knowledge passages
 * and revision feedback with plain text statistics. It is honest about what it is: every fact in
 * its output comes from the client's own material, the rest is framing. It never asks for tools.
 */
export function createLocalProvider(options: LocalProviderOptions = {}): ModelProvider {
  const delayMs = options.delayMs ?? 0;
  // The stages of one outcome share their analysis of the request; see Memo.
  const memo = new Memo(options.memoEntries ?? 32);
  return {
    name: 'local',
    async step(input, _tools, _exchanges, signal) {
      await think(delayMs, signal);
      const output = input.revision ? reviseStep(input, input.revision, memo) : crews[input.crew.id](input, memo);
      return { kind: 'final', output };
    },
  };
}
