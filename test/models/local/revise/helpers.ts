import { crews, type CrewId } from '../../../../crews/index.js';
import { createLocalProvider } from '../../../../models/local/index.js';
import type { StageOutput } from '../../../../models/types.js';
import { finalContent, stageInput, type Request } from '../../runCrew.js';

const provider = createLocalProvider();

export interface Revised {
  content: string;
  applied: string[];
  notApplied: Array<{ part: string; reason: string }>;
  deliverable: { kind: string; data: Record<string, unknown> };
}

/** The crew's document for `request`, then each feedback applied in turn to the document before it (as a client revises twice). */
export async function revisions(crew: CrewId, request: Request, ...feedbacks: string[]): Promise<{ original: string; revised: Revised[] }> {
  const original = await finalContent(provider, crew, request);
  const revised: Revised[] = [];
  let previousContent = original;
  let previousData: Record<string, unknown> | undefined;
  for (const feedback of feedbacks) {
    // As the service does: each revision gets the content and data of the one before it.
    const result = await provider.step(stageInput(crew, crews[crew].stages.length - 1, request, [], { feedback, requirements: {}, previousContent, ...(previousData ? { previousData } : {}) }), [], [], new AbortController().signal);
    if (result.kind !== 'final') throw new Error('expected a final output');
    const output: StageOutput = result.output;
    const data = output.data as { applied: string[]; not_applied: Revised['notApplied']; deliverable: Revised['deliverable'] };
    revised.push({ content: output.content, applied: data.applied, notApplied: data.not_applied, deliverable: data.deliverable });
    previousContent = output.content;
    previousData = output.data ?? undefined;
  }
  return { original, revised };
}
