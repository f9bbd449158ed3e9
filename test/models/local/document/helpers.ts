import { Ajv } from 'ajv';
import { deliverableSchema, type Deliverable } from '../../../../schemas/deliverables/index.js';
import type { CrewId } from '../../../../crews/index.js';
import { createLocalProvider } from '../../../../models/local/index.js';
import type { StageOutput } from '../../../../models/types.js';
import { runCrew, type Request } from '../../runCrew.js';

const provider = createLocalProvider();
const validate = new Ajv({ strict: false }).compile(deliverableSchema);

export interface Outcome {
  content: string;
  deliverable: Deliverable;
  draftKind: string;
  unmet: Array<{ requirement: string; reason: string }>;
  notes: string[];
  final: StageOutput;
}

/** Every stage of a crew on the local model; the last stage's document, with its deliverable checked against its schema. */
export async function outcome(crew: CrewId, request: Request): Promise<Outcome> {
  const final = (await runCrew(provider, crew, request)).at(-1)!;
  const deliverable = final.data?.deliverable as Deliverable;
  if (!validate(deliverable)) throw new Error(`deliverable does not match its schema: ${JSON.stringify(validate.errors)}\n${JSON.stringify(deliverable)}`);
  return {
    content: final.content,
    deliverable,
    draftKind: String(final.data?.draft_kind),
    unmet: (final.data?.unmet_requirements as Outcome['unmet'] | undefined) ?? [],
    notes: (final.data?.notes as string[] | undefined) ?? [],
    final,
  };
}
