import type { ModelProvider, StageInput, StageOutput, ToolExchange } from '../models/types.js';
import type { ToolService } from './toolService.js';

export interface AgentLoopInput {
  provider: ModelProvider;
  tools: ToolService;
  workspaceId: string;
  outcomeId: string;
  agentName: string;
  stage: StageInput;
  signal: AbortSignal;
  /** Model steps before the loop gives up asking for tools (DESIGN section 2: bounded). */
  maxSteps?: number;
}

export class ToolLoopExhaustedError extends Error {
  constructor(readonly steps: number) {
    super(`the agent asked for tools ${steps} times without finishing`);
    this.name = 'ToolLoopExhaustedError';
  }
}

/**
 * One agent's step loop with tools, per the model contract (runtime/models/types.ts): ask the
 * model; when it asks for tools, run each call through the tool service (logged with the agent
 * and outcome) and ask again with the exchanges, at most `maxSteps` times. The tool list is read
 * on every step, so a tool connected meanwhile is offered on the next one. The engine's stage
 * runner does the same across durable steps; this is the in-memory form for callers without one.
 */
export async function runAgentLoop(input: AgentLoopInput): Promise<{ output: StageOutput; exchanges: ToolExchange[] }> {
  const maxSteps = input.maxSteps ?? 8;
  const exchanges: ToolExchange[] = [];
  for (let turn = 0; turn < maxSteps; turn++) {
    const descriptors = await input.tools.tools(input.workspaceId, { outcomeId: input.outcomeId });
    const result = await input.provider.step(input.stage, descriptors, exchanges, input.signal);
    if (result.kind === 'final') return { output: result.output, exchanges };
    for (const call of result.calls) {
      const answer = await input.tools.call(input.workspaceId, call.name, call.arguments, { agentName: input.agentName, outcomeId: input.outcomeId, signal: input.signal, step: turn });
      exchanges.push({ call, result: answer, turn });
    }
  }
  throw new ToolLoopExhaustedError(maxSteps);
}
