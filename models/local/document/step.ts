import type { StageInput, StageOutput } from '../../types.js';
import { isLastStage, requestKey } from '../memo.js';
import type { Workbench } from '../workbench.js';
import { composeDocument, type ComposedDocument } from './compose.js';

/**
 * A crew stage written from the recognised deliverable: every stage shows the document as built
 * from the request (data first, Markdown rendered from it) and names its part of the work; the
 * last stage's data carries `deliverable`, `draft_kind`, the unmet requirements and the notes.
 */
export function documentStep(input: StageInput, bench: Workbench, composed?: ComposedDocument): StageOutput {
  const document = composed ?? bench.memo.get(requestKey('document', input), () => composeDocument(input), isLastStage(input));
  const { kind } = document.deliverable;
  const label = kind.replace(/_/g, ' ');
  const summary = document.draftKind === 'outline'
    ? `${input.stage.agent} outlined the ${label}: the request carries no material yet`
    : `${input.stage.agent} ${verbs[input.stageIndex % verbs.length]} the ${label} (${countOf(document)})`;
  return {
    summary,
    content: document.markdown,
    data: {
      deliverable: structuredClone(document.deliverable),
      draft_kind: document.draftKind,
      ...(document.unmet.length > 0 ? { unmet_requirements: document.unmet.map((item) => ({ ...item })) } : {}),
      ...(document.notes.length > 0 ? { notes: [...document.notes] } : {}),
    },
  };
}

const verbs = ['read the material for', 'structured', 'drafted', 'checked', 'finished', 'prepared'];

function countOf(document: ComposedDocument): string {
  const counts = Object.entries(document.deliverable.data).filter(([, value]) => Array.isArray(value) && value.length > 0).map(([key, value]) => `${(value as unknown[]).length} ${key.replace(/_/g, ' ')}`);
  return counts.slice(0, 3).join(', ') || 'from the brief';
}
