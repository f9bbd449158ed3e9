import { crews, type CrewId } from '../../crews/index.js';
import type { KnowledgePassage, ModelProvider, RevisionInput, StageInput, StageOutput } from '../../models/types.js';

export interface Request {
  brief: string;
  context?: string;
  requirements?: Record<string, unknown>;
  contextDocuments?: string[];
  knowledge?: KnowledgePassage[];
}

export function stageInput(crewId: CrewId, stageIndex: number, request: Request, previous: StageOutput[] = [], revision?: RevisionInput): StageInput {
  const crew = crews[crewId];
  return {
    crew,
    stage: crew.stages[stageIndex]!,
    stageIndex,
    brief: request.brief,
    context: request.context,
    requirements: request.requirements ?? {},
    contextDocuments: request.contextDocuments ?? [],
    knowledge: request.knowledge ?? [],
    previous,
    ...(revision ? { revision } : {}),
  };
}

/** Runs every stage of a crew in order, as the engine does, and returns each stage's output. */
export async function runCrew(provider: ModelProvider, crewId: CrewId, request: Request): Promise<StageOutput[]> {
  const outputs: StageOutput[] = [];
  const signal = new AbortController().signal;
  for (let index = 0; index < crews[crewId].stages.length; index += 1) {
    const result = await provider.step(stageInput(crewId, index, request, [...outputs]), [], [], signal);
    if (result.kind !== 'final') throw new Error(`stage ${index} asked for tools`);
    outputs.push(result.output);
  }
  return outputs;
}

/** The outcome's content: the last stage's document. */
export async function finalContent(provider: ModelProvider, crewId: CrewId, request: Request): Promise<string> {
  const outputs = await runCrew(provider, crewId, request);
  return outputs.at(-1)!.content;
}
