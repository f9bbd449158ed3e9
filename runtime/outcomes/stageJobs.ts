import type { Repositories } from '../../storage/index.js';
import type { OutcomeInputRow } from '../../storage/repositories/outcomes.js';
import type { CrewCatalog } from '../crewCatalog.js';
import type { CrewId } from '../../crews/index.js';
import { createJobLoader } from './jobLoader.js';
import { noDocuments, type Job } from './stageJob.js';

/** A revision's input: the reviewer's feedback and the requirements it adds. */
export interface RevisionInput {
  feedback: string;
  requirements: Record<string, unknown>;
}

/**
 * The stage runner's per-outcome memory: each live outcome's job (loaded once, in batches), the
 * revisions handed over before their rows are committed, and what is known of its tool calls.
 * Everything here is a cache of committed rows or of a command about to commit them, so `forget`
 * at rest loses nothing; a job that failed to load is dropped, so the next step loads it again.
 */
export interface StageJobs {
  /** The outcome's job, from the cache or one batched load (concurrent callers share it). */
  job(outcomeId: string): Promise<Job>;
  /** A revision's input: handed over by its command, cached on the job, else read from its row. */
  revisionOf(outcomeId: string, job: Job, revisionId: string): Promise<RevisionInput>;
  /** Notes that a step of the outcome was offered a tool (its tool calls must be counted). */
  toolsOffered(outcomeId: string): void;
  /** The outcome's tool calls and how many failed; no query when they are known to be none. */
  toolCallCount(outcomeId: string): Promise<{ total: number; failed: number }>;
  /** Seeds the cache of a just-deployed outcome, whose inputs are known and outputs empty. */
  prime(outcomeId: string, workspaceId: string, crewId: CrewId, input: OutcomeInputRow): void;
  /** The input of a revision this process is about to start, before its row is committed (see `requested`). */
  revisionRequested(outcomeId: string, revisionId: string, revision: RevisionInput): void;
  /** Drops the cached inputs and outputs of an outcome at rest. */
  forget(outcomeId: string): void;
}

export function createStageJobs(repos: Pick<Repositories, 'outcomes' | 'stageOutputs' | 'revisions' | 'toolCalls'>, crews: Pick<CrewCatalog, 'definition'>): StageJobs {
  const jobs = new Map<string, Promise<Job>>();
  const loader = createJobLoader(repos, crews);
  // The tool-call count of a result costs a query on the one SQLite connection. It is skipped
  // (0 of 0) only when it is known to be zero: the outcome was deployed in this process (primed:
  // every stage ran here) and no step of it was offered a tool.
  const primed = new Set<string>();
  const offeredTools = new Set<string>();
  // Revisions requested in this process, by outcome: the revise command hands their input over
  // before the REVISE transition starts the step, whose tick (the revision row with it) is not
  // committed yet; on Postgres a read through another pooled connection would not see the row.
  const requested = new Map<string, Map<string, RevisionInput>>();

  return {
    job(outcomeId: string): Promise<Job> {
      let pending = jobs.get(outcomeId);
      if (!pending) {
        pending = loader.load(outcomeId);
        pending.catch(() => jobs.delete(outcomeId));
        jobs.set(outcomeId, pending);
      }
      return pending;
    },
    async revisionOf(outcomeId: string, job: Job, revisionId: string): Promise<RevisionInput> {
      let revision = job.revisions?.get(revisionId) ?? requested.get(outcomeId)?.get(revisionId);
      if (!revision) {
        const row = await repos.revisions.get(revisionId);
        if (!row) throw new Error(`revision ${revisionId} is not stored`);
        revision = { feedback: row.feedback, requirements: row.requirements };
        (job.revisions ??= new Map()).set(revisionId, revision);
      }
      return revision;
    },
    toolsOffered(outcomeId: string): void {
      offeredTools.add(outcomeId);
    },
    async toolCallCount(outcomeId: string): Promise<{ total: number; failed: number }> {
      if (primed.has(outcomeId) && !offeredTools.has(outcomeId)) return { total: 0, failed: 0 };
      return repos.toolCalls.countForOutcome(outcomeId);
    },
    prime(outcomeId: string, workspaceId: string, crewId: CrewId, input: OutcomeInputRow): void {
      if (input.depends_on.length > 0) return; // dependency results are read when it starts
      primed.add(outcomeId);
      jobs.set(outcomeId, Promise.resolve({ workspaceId, crew: crews.definition(crewId), input, dependencyDocuments: noDocuments }));
    },
    revisionRequested(outcomeId: string, revisionId: string, revision: RevisionInput): void {
      let byId = requested.get(outcomeId);
      if (!byId) requested.set(outcomeId, (byId = new Map()));
      byId.set(revisionId, revision);
    },
    forget(outcomeId: string): void {
      jobs.delete(outcomeId);
      requested.delete(outcomeId);
      primed.delete(outcomeId);
      offeredTools.delete(outcomeId);
    },
  };
}
