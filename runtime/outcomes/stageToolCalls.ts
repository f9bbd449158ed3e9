import type { AgentToolExchange, AgentToolsInput } from '../../machines/agent.js';
import type { StageJobs } from './stageJobs.js';
import type { StageServices } from './stageServices.js';
import { toolCallKey } from './toolCallKey.js';

/** What the tool calls of a step need beside the outcome's job (its workspace): the tool seam and a warning log. */
export interface StageToolCallDeps {
  /** Read at each call (as the runner's deps are); no `callTool`: every call answers "no such tool". */
  readonly services?: StageServices;
  onWarning?(fields: Record<string, unknown>, message: string): void;
}

/**
 * Runs the tool calls one model turn asked for, in order, each journaled by its position (outcome,
 * step, attempt, turn, index): a restored step replays stored results and re-sends in-flight calls
 * with the same key. A tool's own failure is an exchange with `isError`, never a throw.
 */
export function createStageToolCalls(deps: StageToolCallDeps, jobs: Pick<StageJobs, 'job'>): (input: AgentToolsInput, signal: AbortSignal) => Promise<AgentToolExchange[]> {
  return async function callTools(input: AgentToolsInput, signal: AbortSignal): Promise<AgentToolExchange[]> {
    const { workspaceId } = await jobs.job(input.outcomeId);
    const exchanges: AgentToolExchange[] = [];
    for (const [index, call] of input.calls.entries()) {
      const callKey = toolCallKey({ outcomeId: input.outcomeId, stepKey: input.stepKey, attempt: input.attempt, turn: input.turn, index });
      const result = deps.services?.callTool
        ? await deps.services.callTool(workspaceId, call, signal, { outcomeId: input.outcomeId, agent: input.agent, callKey, step: input.turn })
        : { content: `No tool named "${call.name}" is available to this agent.`, isError: true };
      // Besides its `tool.failed` event (recorded when the agent's stage ends), an operator sees it in the log.
      if (result.isError) deps.onWarning?.({ outcome_id: input.outcomeId, agent: input.agent, tool: call.name, call_id: call.id, step: input.turn, error: result.content.slice(0, 200) }, 'tool call failed');
      exchanges.push({ call, result, turn: input.turn });
    }
    return exchanges;
  };
}
