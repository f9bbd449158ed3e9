import type { AgentIntegrations, AgentStepInput, AgentStepResult, AgentToolExchange, AgentToolsInput } from '../../machines/agent.js';
import type { FinalizeInput, FinalizeOutput } from '../../machines/outcome.js';
import type { Repositories } from '../../storage/index.js';
import type { OutcomeInputRow } from '../../storage/repositories/outcomes.js';
import { revisionNotes } from '../../storage/repositories/revisions.js';
import type { StageOutputRow } from '../../storage/repositories/stageOutputs.js';
import type { Clock } from '../clock.js';
import type { CrewCatalog } from '../crewCatalog.js';
import type { CrewId } from '../../crews/index.js';
import { isAbortError, ModelStepError } from '../../models/errors.js';
import type { KnowledgePassage, ModelProvider, StageInput, StageOutput, ToolDescriptor } from '../../models/types.js';
import type { MeasureExtras } from '../../models/workerPool/inProcessMeasure.js';
import { shortMessage } from './shortMessage.js';
import { createJobLoader } from './jobLoader.js';
import { currentDocument, keepOutput, latest, measureExtras, noDocuments, resolvedDocuments, stageInput, storedOutput, type Job } from './stageJob.js';
import { computeMetadata, computeQualityMetrics, type ContentMetadata, type QualityMetrics } from '../../quality/index.js';
import { toolCallKey } from './toolCallKey.js';
import { reviewerFeedback } from '../approvals/reviewerFeedback.js';
import { toolFailedEvents, withToolFailures } from '../../machines/toolFailedEvents.js';

export interface StageRunnerDeps {
  repos: Repositories;
  provider: ModelProvider;
  clock: Clock;
  crews: Pick<CrewCatalog, 'definition'>;
  /** Stages an output row into the host's next flush and resolves once it is committed. */
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
 * The seams through which plugins reach a running stage. Each is optional; without it a stage
 * runs as before (no tools, no integrations, no knowledge).
 * - `toolsFor`: the tools (e.g. a workspace's MCP tools) offered to an agent's model step.
 * - `callTool`: runs one tool call the model asked for; a tool's own failure is `isError: true`.
 * - `runIntegrations`: runs a crew stage's integration flags (not called yet: the tools issue
 *   calls it from the stage that owns integrations and records integrations_executed + events).
 * - `retrieve`: passages of the workspace's knowledge base for a stage, into `StageInput.knowledge`.
 */
export interface StageServices {
  /** `context` names the outcome, so the catalog versions its agents saw can be recorded. */
  toolsFor?(workspaceId: string, agent: string, context?: { outcomeId: string }): Promise<ToolDescriptor[]>;
  /** `context` names the agent and outcome for the call log. */
  callTool?(
    workspaceId: string,
    call: { id: string; name: string; arguments: Record<string, unknown> },
    signal: AbortSignal,
    context?: { outcomeId: string; agent: string; callKey?: string; step?: number },
  ): Promise<{ content: string; isError: boolean }>;
  /**
   * Runs the deploy's integration flags due at this stage, after the stage's output is stored.
   * Must be idempotent on (outcome, stage, attempt): a restored step calls it again.
   */
  runIntegrations?(input: StageIntegrationsInput, signal: AbortSignal): Promise<AgentIntegrations | undefined>;
  retrieve?(workspaceId: string, query: string, signal: AbortSignal): Promise<KnowledgePassage[]>;
  /** `context_documents` names resolved to their stored text; names not found are left out. */
  resolveDocuments?(workspaceId: string, names: string[]): Promise<KnowledgePassage[]>;
  /** Ids of the integrations configured for the workspace, passed to the model as `StageInput.integrations`. */
  configuredIntegrations?(workspaceId: string): Promise<string[]>;
}

export interface StageIntegrationsInput {
  workspaceId: string;
  outcomeId: string;
  crew: CrewId;
  stage: string;
  attempt: number;
  /** The deploy's `integrations` object as accepted (validated at deploy). */
  integrations: Record<string, unknown>;
  title: string;
  content: string;
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

/** A title for integration targets: the document's first heading, else the brief's opening words. */
function documentTitle(content: string, brief: string): string {
  const heading = /^#{1,3}\s+(.+)$/m.exec(content)?.[1]?.trim();
  return (heading || brief.split(/\s+/).slice(0, 12).join(' ')).slice(0, 200);
}

/**
 * The side effects of agents: model steps and tool calls keyed by (outcome, step, attempt), and
 * the outcome's final result. A step whose output is stored returns it without asking the model
 * again, and a final output is committed BEFORE the step resolves, so a restored actor that runs
 * its promise again neither repeats work nor produces a second event.
 */
export function createStageRunner(deps: StageRunnerDeps): StageRunner {
  const jobs = new Map<string, Promise<Job>>();
  const loader = createJobLoader(deps.repos, deps.crews);
  // The tool-call count of a result costs a query on the one SQLite connection. It is skipped
  // (0 of 0) only when it is known to be zero: the outcome was deployed in this process (primed:
  // every stage ran here) and no step of it was offered a tool.
  const primed = new Set<string>();
  const offeredTools = new Set<string>();
  // Revisions requested in this process, by outcome: the revise command hands their input over
  // before the REVISE transition starts the step, whose tick (the revision row with it) is not
  // committed yet; on Postgres a read through another pooled connection would not see the row.
  const requested = new Map<string, Map<string, { feedback: string; requirements: Record<string, unknown> }>>();

  function job(outcomeId: string): Promise<Job> {
    let pending = jobs.get(outcomeId);
    if (!pending) {
      pending = loader.load(outcomeId);
      pending.catch(() => jobs.delete(outcomeId));
      jobs.set(outcomeId, pending);
    }
    return pending;
  }

  async function toolCallCount(outcomeId: string): Promise<{ total: number; failed: number }> {
    if (primed.has(outcomeId) && !offeredTools.has(outcomeId)) return { total: 0, failed: 0 };
    return deps.repos.toolCalls.countForOutcome(outcomeId);
  }

  async function revisionOf(outcomeId: string, job: Job, revisionId: string) {
    let revision = job.revisions?.get(revisionId) ?? requested.get(outcomeId)?.get(revisionId);
    if (!revision) {
      const row = await deps.repos.revisions.get(revisionId);
      if (!row) throw new Error(`revision ${revisionId} is not stored`);
      revision = { feedback: row.feedback, requirements: row.requirements };
      (job.revisions ??= new Map()).set(revisionId, revision);
    }
    return revision;
  }

  async function modelStep(input: AgentStepInput, signal: AbortSignal): Promise<AgentStepResult> {
    const current = await job(input.outcomeId);
    const stored = storedOutput(current, input.stepKey, input.attempt);
    if (stored) return withToolFailureEvents(current, input, await withIntegrations(current, input, stored, { kind: 'final', summary: stored.summary, at: stored.created_at }, signal));
    const isRevision = input.stepKey.startsWith('rev_');
    const stage = stageInput(current, isRevision ? current.crew.stages.length : input.stageIndex, isRevision ? Number.MAX_SAFE_INTEGER : input.attempt);
    if (isRevision) {
      const revision = await revisionOf(input.outcomeId, current, input.stepKey);
      stage.stage = current.crew.stages[input.stageIndex]!;
      stage.stageIndex = input.stageIndex;
      stage.revision = {
        feedback: revision.feedback,
        requirements: revision.requirements,
        previousContent: currentDocument(current, Number.MAX_SAFE_INTEGER, input.stepKey)?.content ?? '',
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
    if (tools.length > 0) offeredTools.add(input.outcomeId);
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
    await deps.storeOutput(row);
    keepOutput(current, row);
    return withToolFailureEvents(current, input, await withIntegrations(current, input, row, { kind: 'final', summary: row.summary, at: row.created_at }, signal));
  }

  /** Adds the results of the integration flags due at this stage (never for a revision). */
  async function withIntegrations(current: Job, input: AgentStepInput, row: StageOutputRow, result: Extract<AgentStepResult, { kind: 'final' }>, signal: AbortSignal): Promise<AgentStepResult> {
    const run = deps.services?.runIntegrations;
    const flags = current.input.integrations ?? {};
    if (!run || input.stepKey.startsWith('rev_') || Object.keys(flags).length === 0) return result;
    // Held for a person's approval (issue 27): the outcome runs them after the stages, once approved.
    if (current.input.approvals?.before_integrations === true) return result;
    const integrations = await run(
      {
        workspaceId: current.workspaceId,
        outcomeId: input.outcomeId,
        crew: current.crew.id,
        stage: current.crew.stages[input.stageIndex]!.name,
        attempt: input.attempt,
        integrations: flags,
        title: documentTitle(row.content, current.input.brief),
        content: row.content,
      },
      signal,
    );
    return integrations && integrations.events.length > 0 ? { ...result, integrations } : result;
  }

  /** A final step's result with a `tool.failed` event per failed tool call of the agent's stage. */
  function withToolFailureEvents(current: Job, input: AgentStepInput, result: AgentStepResult): AgentStepResult {
    if (result.kind !== 'final') return result;
    const agent = current.crew.stages[input.stageIndex]?.agent ?? 'unknown';
    const integrations = withToolFailures(result.integrations, toolFailedEvents(input.outcomeId, agent, input.exchanges));
    return integrations ? { ...result, integrations } : result;
  }

  async function callTools(input: AgentToolsInput, signal: AbortSignal): Promise<AgentToolExchange[]> {
    const { workspaceId } = await job(input.outcomeId);
    const exchanges: AgentToolExchange[] = [];
    for (const [index, call] of input.calls.entries()) {
      // Journaled by position: a restored step replays stored results and re-sends in-flight calls with the same key.
      const callKey = toolCallKey({ outcomeId: input.outcomeId, stepKey: input.stepKey, attempt: input.attempt, turn: input.turn, index });
      const result = deps.services?.callTool
        ? await deps.services.callTool(workspaceId, call, signal, { outcomeId: input.outcomeId, agent: input.agent, callKey, step: input.turn })
        : { content: `No tool named "${call.name}" is available to this agent.`, isError: true };
      // Besides its `tool.failed` event (recorded when the agent's stage ends), an operator sees it in the log.
      if (result.isError) deps.onWarning?.({ outcome_id: input.outcomeId, agent: input.agent, tool: call.name, call_id: call.id, step: input.turn, error: result.content.slice(0, 200) }, 'tool call failed');
      exchanges.push({ call, result, turn: input.turn });
    }
    return exchanges;
  }

  async function finalize(input: FinalizeInput): Promise<FinalizeOutput> {
    const current = await job(input.outcomeId);
    const document = input.revisionId ? storedOutput(current, input.revisionId, 1) : latest(current, input.stepKey, input.attempt);
    if (!document) throw new Error(`no stored output for ${input.outcomeId} step ${input.stepKey}`);
    const requirements = input.revisionId ? { ...current.input.requirements, ...(await revisionOf(input.outcomeId, current, input.revisionId)).requirements } : current.input.requirements;
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
      result: { content, metadata: { ...measured.metadata, ...notesOf(document.data), ...documentOf(document.data, measured.metadata), tool_calls: await toolCallCount(input.outcomeId) }, assets: [] },
      qualityMetrics: measured.quality,
      at: deps.clock.now().toISOString(),
      ...(input.revisionId ? { revisionNotes: revisionNotes(document.data) } : {}),
    };
  }

  return {
    modelStep,
    callTools,
    finalize,
    /** Seeds the cache of a just-deployed outcome, whose inputs are known and outputs empty. */
    prime(outcomeId: string, workspaceId: string, crewId: CrewId, input: OutcomeInputRow): void {
      if (input.depends_on.length > 0) return; // dependency results are read when it starts
      primed.add(outcomeId);
      jobs.set(outcomeId, Promise.resolve({ workspaceId, crew: deps.crews.definition(crewId), input, dependencyDocuments: noDocuments }));
    },
    /** The input of a revision this process is about to start (see `requested`). */
    revisionRequested(outcomeId: string, revisionId: string, revision: { feedback: string; requirements: Record<string, unknown> }): void {
      let byId = requested.get(outcomeId);
      if (!byId) requested.set(outcomeId, (byId = new Map()));
      byId.set(revisionId, revision);
    },
    /** Drops the cached inputs and outputs of an outcome at rest. */
    forget(outcomeId: string): void {
      jobs.delete(outcomeId);
      requested.delete(outcomeId);
      primed.delete(outcomeId);
      offeredTools.delete(outcomeId);
    },
  };
}

export interface StageRunner {
  modelStep: (input: AgentStepInput, signal: AbortSignal) => Promise<AgentStepResult>;
  callTools: (input: AgentToolsInput, signal: AbortSignal) => Promise<AgentToolExchange[]>;
  finalize: (input: FinalizeInput) => Promise<FinalizeOutput>;
  /** Seeds the cache of a just-deployed outcome, whose inputs are known and outputs empty. */
  prime(outcomeId: string, workspaceId: string, crewId: CrewId, input: OutcomeInputRow): void;
  /** The input of a revision this process is about to start (see `requested`). */
  revisionRequested(outcomeId: string, revisionId: string, revision: { feedback: string; requirements: Record<string, unknown> }): void;
  /** Drops the cached inputs and outputs of an outcome at rest. */
  forget(outcomeId: string): void;
}
