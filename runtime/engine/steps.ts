import type { AgentStepInput, AgentStepResult, AgentToolExchange, AgentToolsInput } from '../../machines/agent.js';
import type { FinalizeInput, FinalizeOutput } from '../../machines/outcome.js';
import type { Repositories } from '../../storage/index.js';
import type { OutcomeInputRow } from '../../storage/repositories/outcomes.js';
import type { StageOutputRow } from '../../storage/repositories/stageOutputs.js';
import type { Clock } from '../clock.js';
import { crews, type CrewDefinition, type CrewId } from '../crews/index.js';
import { isAbortError, ModelStepError } from '../models/errors.js';
import type { ModelProvider, StageInput, StageOutput, ToolDescriptor } from '../models/types.js';
import { computeMetadata, computeQualityMetrics, type ContentMetadata, type QualityMetrics } from '../quality/index.js';

/** What one outcome's steps need, loaded once per live outcome. */
interface Job {
  crew: CrewDefinition;
  input: OutcomeInputRow;
  /** `${stepKey}@${attempt}` -> output */
  outputs: Map<string, StageOutputRow>;
  dependencyDocuments: string[];
  revisions: Map<string, { feedback: string; requirements: Record<string, unknown> }>;
}

export interface StageRunnerDeps {
  repos: Repositories;
  provider: ModelProvider;
  clock: Clock;
  /** Stages an output row into the host's next flush and resolves once it is committed. */
  storeOutput(row: StageOutputRow): Promise<void>;
  /** MCP tools of the workspace (the Tools issue fills this in); none yet. */
  toolsFor?(workspaceId: string, agent: string): Promise<ToolDescriptor[]>;
  /** Measures a result off the main thread; computed in process when absent. */
  measure?(content: string, brief: string, requirements: Record<string, unknown>): Promise<{ metadata: ContentMetadata; quality: QualityMetrics }>;
  /** Runs one tool call; until tools arrive every call is answered as an unknown tool. */
  callTool?(workspaceId: string, call: { id: string; name: string; arguments: Record<string, unknown> }, signal: AbortSignal): Promise<{ content: string; isError: boolean }>;
}

const key = (stepKey: string, attempt: number) => `${stepKey}@${attempt}`;

/**
 * The side effects of agents: model steps and tool calls keyed by (outcome, step, attempt), and
 * the outcome's final result. A step whose output is stored returns it without asking the model
 * again, and a final output is committed BEFORE the step resolves, so a restored actor that runs
 * its promise again neither repeats work nor produces a second event.
 */
export function createStageRunner(deps: StageRunnerDeps) {
  const jobs = new Map<string, Promise<Job>>();

  async function loadJob(outcomeId: string): Promise<Job> {
    const [outcome, input, outputs] = await Promise.all([deps.repos.outcomes.getAny(outcomeId), deps.repos.outcomes.getInput(outcomeId), deps.repos.stageOutputs.listForOutcome(outcomeId)]);
    if (!outcome || !input) throw new Error(`outcome ${outcomeId} has no stored input`);
    const dependencyDocuments: string[] = [];
    if (input.depends_on.length > 0) {
      for (const dependency of await deps.repos.outcomes.getMany(input.depends_on)) {
        const content = (dependency.result as { content?: string } | null)?.content;
        if (content) dependencyDocuments.push(`Result of the ${dependency.crew} crew (${dependency.id}):\n\n${content}`);
      }
    }
    return {
      crew: crews[outcome.crew as CrewId],
      input,
      outputs: new Map(outputs.map((row) => [key(row.step_key, row.attempt), row])),
      dependencyDocuments,
      revisions: new Map(),
    };
  }

  function job(outcomeId: string): Promise<Job> {
    let pending = jobs.get(outcomeId);
    if (!pending) {
      pending = loadJob(outcomeId);
      pending.catch(() => jobs.delete(outcomeId));
      jobs.set(outcomeId, pending);
    }
    return pending;
  }

  /** The newest output of a stage at or before `attempt` (a retry reuses earlier stages). */
  function latest(job: Job, stepKey: string, attempt: number): StageOutputRow | undefined {
    let best: StageOutputRow | undefined;
    for (const row of job.outputs.values()) {
      if (row.step_key === stepKey && row.attempt <= attempt && (!best || row.attempt > best.attempt)) best = row;
    }
    return best;
  }

  /** The document as it stands: the newest completed revision, else the last stage. */
  function currentDocument(job: Job, lastAttempt: number, exceptRevision?: string): StageOutputRow | undefined {
    const revisions = [...job.outputs.values()].filter((row) => row.step_key.startsWith('rev_') && row.step_key !== exceptRevision);
    revisions.sort((a, b) => a.created_at.localeCompare(b.created_at));
    return revisions.at(-1) ?? latest(job, String(job.crew.stages.length - 1), lastAttempt);
  }

  async function revisionOf(job: Job, revisionId: string) {
    let revision = job.revisions.get(revisionId);
    if (!revision) {
      const row = await deps.repos.revisions.get(revisionId);
      if (!row) throw new Error(`revision ${revisionId} is not stored`);
      revision = { feedback: row.feedback, requirements: row.requirements };
      job.revisions.set(revisionId, revision);
    }
    return revision;
  }

  function stageInput(job: Job, stageIndex: number, attempt: number): StageInput {
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

  async function modelStep(input: AgentStepInput, signal: AbortSignal): Promise<AgentStepResult> {
    const current = await job(input.outcomeId);
    const stored = current.outputs.get(key(input.stepKey, input.attempt));
    if (stored) return { kind: 'final', summary: stored.summary, at: stored.created_at };
    const isRevision = input.stepKey.startsWith('rev_');
    const stage = stageInput(current, isRevision ? current.crew.stages.length : input.stageIndex, isRevision ? Number.MAX_SAFE_INTEGER : input.attempt);
    if (isRevision) {
      const revision = await revisionOf(current, input.stepKey);
      stage.stage = current.crew.stages[input.stageIndex]!;
      stage.stageIndex = input.stageIndex;
      stage.revision = {
        feedback: revision.feedback,
        requirements: revision.requirements,
        previousContent: currentDocument(current, Number.MAX_SAFE_INTEGER, input.stepKey)?.content ?? '',
      };
    }
    const tools = deps.toolsFor ? await deps.toolsFor((await deps.repos.outcomes.getAny(input.outcomeId))?.workspace_id ?? '', stage.stage.agent) : [];
    let output: StageOutput;
    try {
      const result = await deps.provider.step(stage, tools, input.exchanges, signal);
      if (result.kind === 'tool_calls') return { kind: 'tool_calls', calls: result.calls };
      output = result.output;
    } catch (error) {
      if (signal.aborted || isAbortError(error)) throw error;
      const at = deps.clock.now().toISOString();
      if (error instanceof ModelStepError) {
        return { kind: 'failed', error: { code: 'content_generation_failed', message: error.message, retryCount: error.retryCount, lastError: error.lastError }, at };
      }
      return { kind: 'failed', error: { code: 'content_generation_failed', message: 'The model step failed.', retryCount: 0, lastError: (error as Error)?.message ?? String(error) }, at };
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
    current.outputs.set(key(row.step_key, row.attempt), row);
    return { kind: 'final', summary: row.summary, at: row.created_at };
  }

  async function callTools(input: AgentToolsInput, signal: AbortSignal): Promise<AgentToolExchange[]> {
    const outcome = await deps.repos.outcomes.getAny(input.outcomeId);
    const exchanges: AgentToolExchange[] = [];
    for (const call of input.calls) {
      const result = deps.callTool
        ? await deps.callTool(outcome?.workspace_id ?? '', call, signal)
        : { content: `No tool named "${call.name}" is available to this agent.`, isError: true };
      exchanges.push({ call, result, turn: input.turn });
    }
    return exchanges;
  }

  async function finalize(input: FinalizeInput): Promise<FinalizeOutput> {
    const current = await job(input.outcomeId);
    const document = input.revisionId ? current.outputs.get(key(input.revisionId, 1)) : latest(current, input.stepKey, input.attempt);
    if (!document) throw new Error(`no stored output for ${input.outcomeId} step ${input.stepKey}`);
    const requirements = input.revisionId ? { ...current.input.requirements, ...(await revisionOf(current, input.revisionId)).requirements } : current.input.requirements;
    const content = document.content;
    const measured = deps.measure
      ? await deps.measure(content, current.input.brief, requirements)
      : { metadata: computeMetadata(content, requirements), quality: computeQualityMetrics(content, { brief: current.input.brief, requirements }) };
    return {
      result: { content, metadata: { ...measured.metadata }, assets: [] },
      qualityMetrics: measured.quality,
      at: deps.clock.now().toISOString(),
    };
  }

  return {
    modelStep,
    callTools,
    finalize,
    /** Seeds the cache of a just-deployed outcome, whose inputs are known and outputs empty. */
    prime(outcomeId: string, crewId: CrewId, input: OutcomeInputRow): void {
      if (input.depends_on.length > 0) return; // dependency results are read when it starts
      jobs.set(outcomeId, Promise.resolve({ crew: crews[crewId], input, outputs: new Map(), dependencyDocuments: [], revisions: new Map() }));
    },
    /** Drops the cached inputs and outputs of an outcome at rest. */
    forget(outcomeId: string): void {
      jobs.delete(outcomeId);
    },
    get cached(): number {
      return jobs.size;
    },
  };
}

export type StageRunner = ReturnType<typeof createStageRunner>;
