import type { AgentStepInput, AgentStepResult, AgentToolExchange, AgentToolsInput } from '../../machines/agent.js';
import type { FinalizeInput, FinalizeOutput } from '../../machines/outcome.js';
import type { Repositories } from '../../storage/index.js';
import type { OutcomeInputRow } from '../../storage/repositories/outcomes.js';
import type { StageOutputRow } from '../../storage/repositories/stageOutputs.js';
import type { Clock } from '../clock.js';
import type { CrewCatalog } from '../crewCatalog.js';
import type { CrewId } from '../../crews/index.js';
import { isAbortError, ModelStepError } from '../../models/errors.js';
import type { ModelProvider, StageOutput } from '../../models/types.js';
import type { MeasureExtras } from '../../models/workerPool/inProcessMeasure.js';
import type { ContentMetadata, QualityMetrics } from '../../quality/index.js';
import { shortMessage } from './shortMessage.js';
import { currentDocument, keepOutput, resolvedDocuments, stageInput, storedOutput } from './stageJob.js';
import { reviewerFeedback } from '../approvals/reviewerFeedback.js';
import { createStageJobs, type RevisionInput } from './stageJobs.js';
import { integrationsDue, withIntegrations, withToolFailureEvents } from './finalStepResult.js';
import { createStageToolCalls } from './stageToolCalls.js';
import { createStageFinalizer } from './stageFinalizer.js';
import type { StageServices } from './stageServices.js';

export type { StageIntegrationsInput, StageServices } from './stageServices.js';

export interface StageRunnerDeps {
  repos: Repositories;
  provider: ModelProvider;
  clock: Clock;
  crews: Pick<CrewCatalog, 'definition'>;
  /**
   * Stages an output row into the host's next flush, in the unit of the outcome's actor, and
   * resolves once it is committed.
   */
  storeOutput(row: StageOutputRow): Promise<void>;
  /**
   * The result's metadata and quality metrics, off the main thread (computed in process when
   * absent); `extras` carries the client's material (context, context documents) and the
   * reviewing agent's rubric when the model produced one.
   */
  measure?(content: string, brief: string, requirements: Record<string, unknown>, extras: MeasureExtras): Promise<{ metadata: ContentMetadata; quality: QualityMetrics }>;
  /** What stages may use beyond the model; every part defaults to none. */
  services?: StageServices;
  /** A failure the user sees (a failed tool call), logged at warn with its ids. */
  onWarning?(fields: Record<string, unknown>, message: string): void;
}

/**
 * The side effects of agents: model steps and tool calls keyed by (outcome, step, attempt), and
 * the outcome's final result. A step whose output is stored returns it without asking the model
 * again, and a final output is committed no later than the transition its answer causes (before
 * the step resolves when integrations follow), so a restored actor that runs its promise again
 * neither repeats work nor produces a second event. This file holds the model
 * step; the per-outcome caches (`stageJobs.ts`), tool calls (`stageToolCalls.ts`), what a final
 * step adds (`finalStepResult.ts`) and the final result (`stageFinalizer.ts`) are wired here.
 */
export function createStageRunner(deps: StageRunnerDeps): StageRunner {
  const jobs = createStageJobs(deps.repos, deps.crews);

  async function modelStep(input: AgentStepInput, signal: AbortSignal): Promise<AgentStepResult> {
    const current = await jobs.job(input.outcomeId);
    const stored = storedOutput(current, input.stepKey, input.attempt);
    if (stored) return withToolFailureEvents(current, input, await withIntegrations(deps.services?.runIntegrations, current, input, stored, signal));
    const isRevision = input.stepKey.startsWith('rev_');
    const stage = stageInput(current, isRevision ? current.crew.stages.length : input.stageIndex, isRevision ? Number.MAX_SAFE_INTEGER : input.attempt);
    if (isRevision) {
      const revision = await jobs.revisionOf(input.outcomeId, current, input.stepKey);
      const document = currentDocument(current, Number.MAX_SAFE_INTEGER, input.stepKey);
      stage.stage = current.crew.stages[input.stageIndex]!;
      stage.stageIndex = input.stageIndex;
      stage.revision = {
        feedback: revision.feedback,
        requirements: revision.requirements,
        previousContent: document?.content ?? '',
        ...(document?.data ? { previousData: document.data } : {}),
      };
    }
    // A retry after a reviewer rejected the result (issue 27): the last stage works from their comment.
    if (!isRevision && input.attempt > 1 && input.stageIndex === current.crew.stages.length - 1) {
      const feedback = await reviewerFeedback(deps.repos, input.outcomeId);
      if (feedback) stage.revision = feedback;
    }
    const services = deps.services ?? {};
    const workspaceId = current.workspaceId;
    const tools = services.toolsFor ? await services.toolsFor(workspaceId, stage.stage.agent, { outcomeId: input.outcomeId }) : [];
    if (tools.length > 0) jobs.toolsOffered(input.outcomeId);
    // The research-type agent (each crew's first stage) reads the knowledge base; the later
    // stages build on its output, so the single database connection is asked once per outcome.
    if (services.retrieve && !isRevision && input.stageIndex === 0) stage.knowledge = await services.retrieve(workspaceId, stage.brief, signal);
    if (services.resolveDocuments) stage.contextDocuments = await resolvedDocuments(current, (names) => services.resolveDocuments!(workspaceId, names));
    // Agents speak only of the integrations the workspace has configured (issue 21).
    if (services.configuredIntegrations) stage.integrations = await services.configuredIntegrations(workspaceId);
    let output: StageOutput;
    try {
      const result = await deps.provider.step(stage, tools, input.exchanges, signal);
      if (result.kind === 'tool_calls') return { kind: 'tool_calls', calls: result.calls };
      output = result.output;
    } catch (error) {
      if (signal.aborted || isAbortError(error)) throw error;
      const at = deps.clock.now().toISOString();
      if (error instanceof ModelStepError) {
        return { kind: 'failed', error: { code: 'content_generation_failed', message: shortMessage(error.message), retryCount: error.retryCount, lastError: shortMessage(error.lastError) }, at };
      }
      return { kind: 'failed', error: { code: 'content_generation_failed', message: 'The model step failed.', retryCount: 0, lastError: shortMessage((error as Error)?.message ?? String(error)) }, at };
    }
    const row: StageOutputRow = {
      outcome_id: input.outcomeId,
      step_key: input.stepKey,
      attempt: input.attempt,
      summary: output.summary,
      content: output.content,
      data: output.data ?? null,
      created_at: deps.clock.now().toISOString(),
    };
    const committed = deps.storeOutput(row);
    keepOutput(current, row);
    // Integrations act outside the database, so the output they send is committed first: a
    // restored step finds it stored and sends the same one (idempotent on outcome, stage and
    // attempt). Otherwise the row rides the tick that also writes the transition this answer
    // causes, never a later one, so the outcome goes on without waiting for the commit; a row that
    // cannot be stored fails the actor's unit (the host isolates it) rather than this promise.
    if (integrationsDue(deps.services?.runIntegrations, current, input)) await committed;
    else committed.catch(() => undefined);
    return withToolFailureEvents(current, input, await withIntegrations(deps.services?.runIntegrations, current, input, row, signal));
  }

  return {
    modelStep,
    callTools: createStageToolCalls(deps, jobs),
    finalize: createStageFinalizer(deps, jobs),
    prime: jobs.prime,
    revisionRequested: jobs.revisionRequested,
    forget: jobs.forget,
  };
}

export interface StageRunner {
  modelStep: (input: AgentStepInput, signal: AbortSignal) => Promise<AgentStepResult>;
  callTools: (input: AgentToolsInput, signal: AbortSignal) => Promise<AgentToolExchange[]>;
  finalize: (input: FinalizeInput) => Promise<FinalizeOutput>;
  /** Seeds the cache of a just-deployed outcome, whose inputs are known and outputs empty. */
  prime(outcomeId: string, workspaceId: string, crewId: CrewId, input: OutcomeInputRow): void;
  /** The input of a revision this process is about to start (its row may not be committed yet: `stageJobs.ts`). */
  revisionRequested(outcomeId: string, revisionId: string, revision: RevisionInput): void;
  /** Drops the cached inputs and outputs of an outcome at rest. */
  forget(outcomeId: string): void;
}
