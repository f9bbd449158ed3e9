import type { OutcomeInputRow, OutcomeRow } from '../../storage/repositories/outcomes.js';
import type { StageOutputRow } from '../../storage/repositories/stageOutputs.js';
import type { CrewCatalog } from '../crewCatalog.js';
import type { CrewDefinition, CrewId } from '../../crews/index.js';
import type { KnowledgePassage, StageInput, StageOutput } from '../../models/types.js';
import type { MeasureExtras } from '../../models/workerPool/inProcessMeasure.js';

/*
 * One live outcome's step inputs as the stage runner caches them, and the pure reads over them:
 * which stored output a step or a revision builds on, and the model input of a stage.
 */

/** What one outcome's steps need, loaded once per live outcome. */
export interface Job {
  /** The outcome's workspace (it never changes): tools, retrieval and integrations are scoped by it. */
  workspaceId: string;
  crew: CrewDefinition;
  input: OutcomeInputRow;
  /**
   * `${stepKey}@${attempt}` -> output; absent until the first output is stored (a live outcome
   * waits on its first stage's model step most of its life, and thousands may be live).
   */
  outputs?: Map<string, StageOutputRow>;
  dependencyDocuments: readonly string[];
  /** Revisions read so far; created on the first (most outcomes never see one, and thousands may be live). */
  revisions?: Map<string, { feedback: string; requirements: Record<string, unknown> }>;
}

/** The dependency documents of an outcome without dependencies: one shared empty list. */
export const noDocuments: readonly string[] = Object.freeze([]);

/** The rows one outcome's job is built from (read in batches by the job loader). */
export interface JobRows {
  outcome: OutcomeRow | undefined;
  input: OutcomeInputRow | undefined;
  outputs: StageOutputRow[];
  /** The stored outcomes among `input.depends_on`, in the order the database returned them. */
  dependencies: OutcomeRow[];
}

/** An outcome's job from its rows: its crew, inputs, stored outputs and the results of its dependencies. */
export function jobFromRows(crews: Pick<CrewCatalog, 'definition'>, outcomeId: string, rows: JobRows): Job {
  const { outcome, input } = rows;
  if (!outcome || !input) throw new Error(`outcome ${outcomeId} has no stored input`);
  const dependencyDocuments: string[] = [];
  for (const dependency of rows.dependencies) {
    const content = (dependency.result as { content?: string } | null)?.content;
    if (content) dependencyDocuments.push(`Result of the ${dependency.crew} crew (${dependency.id}):\n\n${content}`);
  }
  return {
    workspaceId: outcome.workspace_id,
    crew: crews.definition(outcome.crew as CrewId),
    input,
    ...(rows.outputs.length > 0 ? { outputs: new Map(rows.outputs.map((row) => [outputKey(row.step_key, row.attempt), row])) } : {}),
    dependencyDocuments: dependencyDocuments.length > 0 ? dependencyDocuments : noDocuments,
  };
}

/** Cache key of a stored output. */
export const outputKey = (stepKey: string, attempt: number) => `${stepKey}@${attempt}`;

/** The stored output of (step, attempt), if any. */
export function storedOutput(job: Job, stepKey: string, attempt: number): StageOutputRow | undefined {
  return job.outputs?.get(outputKey(stepKey, attempt));
}

/** Keeps an output the step just stored. */
export function keepOutput(job: Job, row: StageOutputRow): void {
  (job.outputs ??= new Map()).set(outputKey(row.step_key, row.attempt), row);
}

/** Every stored output of the job, in the order they were kept. */
function outputRows(job: Job): Iterable<StageOutputRow> {
  return job.outputs?.values() ?? [];
}

/** The newest output of a stage at or before `attempt` (a retry reuses earlier stages). */
export function latest(job: Job, stepKey: string, attempt: number): StageOutputRow | undefined {
  let best: StageOutputRow | undefined;
  for (const row of outputRows(job)) {
    if (row.step_key === stepKey && row.attempt <= attempt && (!best || row.attempt > best.attempt)) best = row;
  }
  return best;
}

/** The document as it stands: the newest completed revision, else the last stage. */
export function currentDocument(job: Job, lastAttempt: number, exceptRevision?: string): StageOutputRow | undefined {
  const revisions = [...outputRows(job)].filter((row) => row.step_key.startsWith('rev_') && row.step_key !== exceptRevision);
  revisions.sort((a, b) => a.created_at.localeCompare(b.created_at));
  return revisions.at(-1) ?? latest(job, String(job.crew.stages.length - 1), lastAttempt);
}

/** The model input of stage `stageIndex`: the brief and the outputs of the stages before it (as of `attempt`). */
export function stageInput(job: Job, stageIndex: number, attempt: number): StageInput {
  const previous: StageOutput[] = [];
  for (let i = 0; i < stageIndex; i += 1) {
    const row = latest(job, String(i), attempt);
    if (row) previous.push({ summary: row.summary, content: row.content, ...(row.data ? { data: row.data } : {}) });
  }
  return {
    crew: job.crew,
    stage: job.crew.stages[stageIndex]!,
    stageIndex,
    brief: job.input.brief,
    ...(job.input.context ? { context: job.input.context } : {}),
    requirements: job.input.requirements,
    contextDocuments: [...job.input.context_documents, ...job.dependencyDocuments],
    knowledge: [],
    previous,
  };
}


/** What the result's metrics see beside the content: the client's material and the reviewing agent's rubric. */
export function measureExtras(job: Job): MeasureExtras {
  const judge = [...outputRows(job)].reverse().find((row) => row.data && typeof row.data === 'object' && 'rubric' in row.data)?.data?.rubric as MeasureExtras['judge'];
  return {
    ...(job.input.context ? { context: job.input.context } : {}),
    contextDocuments: [...job.input.context_documents, ...job.dependencyDocuments],
    ...(judge ? { judge } : {}),
  };
}

/** The deploy's `context_documents` as their stored text; a name the knowledge base lacks stays a name. */
export async function resolvedDocuments(job: Job, resolve: (names: string[]) => Promise<KnowledgePassage[]>): Promise<string[]> {
  const names = job.input.context_documents;
  if (names.length === 0) return [...job.dependencyDocuments];
  const found = new Map((await resolve(names)).map((doc) => [doc.source.toLowerCase(), doc.text]));
  return [...names.map((name) => found.get(name.toLowerCase()) ?? name), ...job.dependencyDocuments];
}
