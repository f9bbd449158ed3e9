import type { CrewId } from '../../crews/index.js';
import { crews } from '../../crews/index.js';
import { createNlp, type Nlp } from '../../quality/nlp.js';
import type { KnowledgePassage, ModelProvider, StageInput, StageOutput } from '../types.js';
import { mindStep } from './mind/mind.js';
import { pilotStep } from './pilot/pilot.js';
import { reviseStep } from './revision.js';
import { think } from './think.js';
import { researchToolStep, toolPassages } from './toolRule.js';
import { createWorkbench, type Workbench } from './workbench.js';
import { deliverableStage } from './document/route.js';
import { writerStep } from './writer/writer.js';

export interface LocalProviderOptions {
  /** Think time per step in milliseconds (CREWD_LOCAL_MODEL_DELAY_MS); 0 answers at once. */
  delayMs?: number;
  /** At most how many requests' analyses are kept for their later stages (default: see Memo). */
  memoEntries?: number;
  /** The English parser; loaded on the first step when not given (a few hundred ms, once). */
  nlp?: Nlp;
}

const crewSteps: Record<CrewId, (input: StageInput, bench: Workbench) => StageOutput> = { writer: writerStep, mind: mindStep, pilot: pilotStep };

/** One stage's output, composed in process (revisions included). */
export function composeStage(input: StageInput, bench: Workbench): StageOutput {
  return input.revision ? reviseStep(input, input.revision, bench) : deliverableStage(input, bench, crewSteps[input.crew.id]);
}

/** A request as a crew receives it. */
export interface ComposeRequest {
  brief: string;
  context?: string;
  requirements?: Record<string, unknown>;
  contextDocuments?: string[];
  knowledge?: KnowledgePassage[];
}

/** Every stage of a crew in order, as the engine runs them; the outcome's content. */
export function composeOutcome(crewId: CrewId, request: ComposeRequest, bench: Workbench): string {
  const crew = crews[crewId];
  const previous: StageOutput[] = [];
  for (let index = 0; index < crew.stages.length; index += 1) {
    const input: StageInput = {
      crew,
      stage: crew.stages[index]!,
      stageIndex: index,
      brief: request.brief,
      ...(request.context ? { context: request.context } : {}),
      requirements: request.requirements ?? {},
      contextDocuments: request.contextDocuments ?? [],
      knowledge: request.knowledge ?? [],
      previous: [...previous],
    };
    previous.push(composeStage(input, bench));
  }
  return previous.at(-1)?.content ?? '';
}

/**
 * The default model: offline and deterministic, no network and no weights. It composes each
 * stage's document from the brief, requirements, context, context documents, knowledge passages
 * and revision feedback, parsed with wink-nlp (sentences, parts of speech, entities). It is honest
 * about what it is: every fact in its output comes from the client's own material, the rest is
 * framing, and what it cannot do shows up in result.metadata.unmet_requirements.
 *
 * Tools: the research-type stage (see toolRule.ts) asks once for a search-like tool when one is
 * given, then cites what came back; every other step answers at once.
 */
export function createLocalProvider(options: LocalProviderOptions = {}): ModelProvider {
  const delayMs = options.delayMs ?? 0;
  let bench: Workbench | undefined = options.nlp ? createWorkbench(options.nlp, options.memoEntries) : undefined;
  return {
    name: 'local',
    async step(input, tools, exchanges, signal) {
      await think(delayMs, signal);
      bench ??= createWorkbench(createNlp(), options.memoEntries);
      const research = researchToolStep(input, tools, exchanges);
      if (research.kind === 'tool_calls') return research;
      const output = composeStage(research.input, bench);
      const found = toolPassages(exchanges, input.brief);
      // The research stage keeps what its tools found and the knowledge-base passages it was
      // handed (only the first stage retrieves them), so the later stages write with them too.
      const carry = { ...(found.length > 0 ? { tool_passages: found } : {}), ...(input.knowledge.length > 0 ? { knowledge_passages: input.knowledge } : {}) };
      return { kind: 'final', output: Object.keys(carry).length > 0 ? { ...output, data: { ...output.data, ...carry } } : output };
    },
  };
}
