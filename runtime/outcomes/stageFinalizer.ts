import type { FinalizeInput, FinalizeOutput } from '../../machines/outcome.js';
import type { MeasureExtras } from '../../models/workerPool/inProcessMeasure.js';
import { computeMetadata, computeQualityMetrics, type ContentMetadata, type QualityMetrics } from '../../quality/index.js';
import { revisionNotes } from '../../storage/repositories/revisions.js';
import type { Clock } from '../clock.js';
import { latest, measureExtras, storedOutput } from './stageJob.js';
import type { StageJobs } from './stageJobs.js';

/** What finalizing needs beside the outcome's cached job: the clock and the measurer (in process when absent). */
export interface StageFinalizerDeps {
  clock: Clock;
  measure?(content: string, brief: string, requirements: Record<string, unknown>, extras: MeasureExtras): Promise<{ metadata: ContentMetadata; quality: QualityMetrics }>;
}

/** `{ notes }` when a stage output's data carries a non-empty list of strings, else nothing. */
function notesOf(data: Record<string, unknown> | null): { notes?: string[] } {
  const notes = Array.isArray(data?.notes) ? data.notes.filter((note): note is string => typeof note === 'string') : [];
  return notes.length > 0 ? { notes } : {};
}

/**
 * What the model says of its own document beside the measured metadata (DESIGN section 12): the
 * deliverable's data, whether it is grounded or an outline, and the requirements it could not
 * meet with the reason (added to the measured ones, one entry per requirement).
 */
function documentOf(data: Record<string, unknown> | null, measured: { unmet_requirements?: unknown }): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const deliverable = data?.deliverable;
  if (deliverable && typeof deliverable === 'object' && typeof (deliverable as { kind?: unknown }).kind === 'string') out.deliverable = deliverable;
  if (data?.draft_kind === 'grounded' || data?.draft_kind === 'outline') out.draft_kind = data.draft_kind;
  const own = Array.isArray(data?.unmet_requirements) ? (data.unmet_requirements as Array<{ requirement?: unknown; reason?: unknown }>).filter((item) => typeof item?.requirement === 'string' && typeof item.reason === 'string') : [];
  if (own.length > 0) {
    const listed = Array.isArray(measured.unmet_requirements) ? (measured.unmet_requirements as Array<{ requirement: string }>) : [];
    out.unmet_requirements = [...listed, ...own.filter((item) => !listed.some((taken) => taken.requirement === item.requirement))];
  }
  return out;
}

/**
 * An outcome's final result from the stored output it ends on (a revision's, else the last
 * stage's): its content (a reviewer's edit replaces it), measured metadata and quality metrics,
 * and the model's own notes on the document. Reads only stored rows, so a restored actor that
 * finalizes again computes the same result.
 */
export function createStageFinalizer(deps: StageFinalizerDeps, jobs: Pick<StageJobs, 'job' | 'revisionOf' | 'toolCallCount'>): (input: FinalizeInput) => Promise<FinalizeOutput> {
  return async function finalize(input: FinalizeInput): Promise<FinalizeOutput> {
    const current = await jobs.job(input.outcomeId);
    const document = input.revisionId ? storedOutput(current, input.revisionId, 1) : latest(current, input.stepKey, input.attempt);
    if (!document) throw new Error(`no stored output for ${input.outcomeId} step ${input.stepKey}`);
    const requirements = input.revisionId ? { ...current.input.requirements, ...(await jobs.revisionOf(input.outcomeId, current, input.revisionId)).requirements } : current.input.requirements;
    // A reviewer's edit (issue 27) replaces the last stage's output.
    const content = input.content ?? document.content;
    const extras = measureExtras(current);
    const measured = deps.measure
      ? await deps.measure(content, current.input.brief, requirements, extras)
      : { metadata: computeMetadata(content, requirements), quality: computeQualityMetrics(content, { brief: current.input.brief, requirements }) };
    return {
      // The model's notes on what the material lacked (local model: `data.notes`) sit beside the
      // measured metadata, with the tool calls made visible (issue 21): how many the outcome's
      // agents made and how many failed.
      result: { content, metadata: { ...measured.metadata, ...notesOf(document.data), ...documentOf(document.data, measured.metadata), tool_calls: await jobs.toolCallCount(input.outcomeId) }, assets: [] },
      qualityMetrics: measured.quality,
      at: deps.clock.now().toISOString(),
      ...(input.revisionId ? { revisionNotes: revisionNotes(document.data) } : {}),
    };
  };
}
