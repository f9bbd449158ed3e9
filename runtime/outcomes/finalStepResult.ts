import type { AgentStepInput, AgentStepResult } from '../../machines/agent.js';
import { toolFailedEvents, withToolFailures } from '../../machines/toolFailedEvents.js';
import type { StageOutputRow } from '../../storage/repositories/stageOutputs.js';
import type { Job } from './stageJob.js';
import type { StageServices } from './stageServices.js';

/*
 * What a final model step answers beyond its stored output: the results of the integration flags
 * due at its stage and a `tool.failed` event per failed tool call of the agent. Built the same way
 * for a fresh output and for one a restored step finds stored, so a replay answers what the first
 * run did (`runIntegrations` is idempotent on outcome, stage and attempt).
 */

/** A title for integration targets: the document's first heading, else the brief's opening words. */
function documentTitle(content: string, brief: string): string {
  const heading = /^#{1,3}\s+(.+)$/m.exec(content)?.[1]?.trim();
  return (heading || brief.split(/\s+/).slice(0, 12).join(' ')).slice(0, 200);
}

/**
 * Whether this step's output goes out to integrations now (a side effect outside the database):
 * the outcome asked for some, this is not a revision, and no person must approve them first (issue
 * 27: the outcome runs them after the stages, once approved).
 */
export function integrationsDue(run: StageServices['runIntegrations'], current: Job, input: AgentStepInput): boolean {
  if (!run || input.stepKey.startsWith('rev_') || Object.keys(current.input.integrations ?? {}).length === 0) return false;
  return current.input.approvals?.before_integrations !== true;
}

/**
 * The final result of a step whose output `row` is stored (committed before this is called when
 * integrations are due), with the results of the integration flags due at this stage (never for
 * a revision).
 */
export async function withIntegrations(run: StageServices['runIntegrations'], current: Job, input: AgentStepInput, row: StageOutputRow, signal: AbortSignal): Promise<AgentStepResult> {
  const result: Extract<AgentStepResult, { kind: 'final' }> = { kind: 'final', summary: row.summary, at: row.created_at };
  if (!run || !integrationsDue(run, current, input)) return result;
  const integrations = await run(
    {
      workspaceId: current.workspaceId,
      outcomeId: input.outcomeId,
      crew: current.crew.id,
      stage: current.crew.stages[input.stageIndex]!.name,
      attempt: input.attempt,
      integrations: current.input.integrations!,
      title: documentTitle(row.content, current.input.brief),
      content: row.content,
    },
    signal,
  );
  return integrations && integrations.events.length > 0 ? { ...result, integrations } : result;
}

/** A final step's result with a `tool.failed` event per failed tool call of the agent's stage. */
export function withToolFailureEvents(current: Job, input: AgentStepInput, result: AgentStepResult): AgentStepResult {
  if (result.kind !== 'final') return result;
  const agent = current.crew.stages[input.stageIndex]?.agent ?? 'unknown';
  const integrations = withToolFailures(result.integrations, toolFailedEvents(input.outcomeId, agent, input.exchanges));
  return integrations ? { ...result, integrations } : result;
}
