import type { Correction, DatedLabel } from '../../revisionFacts.js';
import type { StageInput, StageOutput } from '../../types.js';
import { deliverableStage } from '../document/route.js';
import { mindStep } from '../mind/mind.js';
import { pilotStep } from '../pilot/pilot.js';
import type { Workbench } from '../workbench.js';
import { writerStep } from '../writer/writer.js';
import { aboutTerms, isAbout, personPattern } from './corrections.js';
import { literal } from '../text/phrases.js';
import type { DeliverableValue } from './outcome.js';
import { syncEmail } from './letterData.js';
import { syncPost } from './postData.js';
import { renderBlocks, type Block } from '../text/blocks.js';
import { dropRemoved } from './removedData.js';

/**
 * The deliverable's data of a revised outcome: the outcome's own data (its stages composed again
 * from the request; the composer is deterministic), with the revision's corrections and dates
 * written into it, so integrations that create objects from the data (tracker issues with an
 * owner, planner phases with dates) get what the revised document says. Without this a revision
 * would leave `result.metadata.deliverable` out.
 */
const crewSteps = { writer: writerStep, mind: mindStep, pilot: pilotStep } as const;

/** The outcome's last stage as first composed from the request (the document before any revision). */
export function originalOutput(input: StageInput, bench: Workbench): StageOutput | undefined {
  const previous: StageOutput[] = [];
  const { revision: _revision, ...request } = input;
  for (let index = 0; index < input.crew.stages.length; index += 1) {
    previous.push(deliverableStage({ ...request, stage: input.crew.stages[index]!, stageIndex: index, previous: [...previous] }, bench, crewSteps[input.crew.id]));
  }
  return previous.at(-1);
}

function originalData(input: StageInput, bench: Workbench): Record<string, unknown> | undefined {
  return originalOutput(input, bench)?.data ?? undefined;
}

type Json = unknown;

function textOf(value: Json): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(textOf).join(' ');
  if (value && typeof value === 'object') return Object.values(value).map(textOf).join(' ');
  return '';
}

function patch(value: Json, corrections: Correction[], dates: DatedLabel[]): Json {
  if (typeof value === 'string') {
    let text = value;
    for (const correction of corrections) {
      if (correction.kind === 'fact') text = text.replace(new RegExp(`(?<![\\w$])${literal(correction.wrong)}(?![\\w%])`, 'gi'), correction.right);
      else if (isAbout(text, correction.about ? aboutTerms(correction.about) : [])) text = text.replace(personPattern(correction.wrong), correction.right);
    }
    return text;
  }
  if (Array.isArray(value)) return value.map((item) => patch(item, corrections, dates));
  if (!value || typeof value !== 'object') return value;
  const object = Object.fromEntries(Object.entries(value).map(([key, item]) => [key, patch(item, corrections, dates)]));
  for (const correction of corrections) {
    // An action item about the task gets the right owner, also when it had none.
    if (correction.kind === 'owner' && 'owner' in object && correction.about && isAbout(textOf(object), aboutTerms(correction.about))) object.owner = correction.right;
  }
  for (const dated of dates) {
    if ('dates' in object && typeof object.name === 'string' && new RegExp(`\\b${literal(dated.label)}\\b`, 'i').test(object.name)) object.dates = dated.date;
  }
  return object;
}

/** The deliverable the revision starts from: the previous revision's (`revision.previousData`), else the outcome's first. */
function startingDeliverable(input: StageInput, bench: Workbench): { deliverable?: unknown; draft_kind?: unknown } | undefined {
  const previous = input.revision?.previousData;
  const deliverable = previous?.deliverable as { kind?: unknown; data?: unknown } | undefined;
  if (deliverable && typeof deliverable.kind === 'string' && deliverable.data && typeof deliverable.data === 'object') return { deliverable: structuredClone(deliverable), draft_kind: previous?.draft_kind };
  return originalData(input, bench);
}

/**
 * The revised outcome's deliverable: the one the revision started from, with the corrections and
 * dates patched in, then each applied change's own `edit` (an item reassigned, a ticket added, a
 * part moved first); an email's parts, and a single post's text, are read again from the revised document (`blocks`).
 */
export function revisedDeliverable(input: StageInput, bench: Workbench, corrections: Correction[], dates: DatedLabel[], edits: Array<(deliverable: DeliverableValue) => void> = [], blocks: Block[] = []): Record<string, unknown> {
  const data = startingDeliverable(input, bench);
  const deliverable = data?.deliverable ? (patch(data.deliverable, corrections, dates) as DeliverableValue) : undefined;
  if (deliverable) for (const edit of edits) edit(deliverable);
  if (deliverable && deliverable.kind === 'email') syncEmail(deliverable, blocks);
  else if (deliverable && !syncPost(deliverable, renderBlocks(blocks)) && input.revision) dropRemoved(deliverable, input.revision.previousContent, renderBlocks(blocks));
  return {
    ...(deliverable ? { deliverable } : {}),
    ...(data?.draft_kind ? { draft_kind: data.draft_kind } : {}),
  };
}
