import type { StageServices } from '../outcomes/stageRunner.js';
import type { CrewId } from '../../plugins/contract.js';
import type { Tools } from './index.js';
import type { ActiveFlag } from './deployFlags.js';

/**
 * The stage runner's seams filled by the tools side: the workspace's tools for each model step
 * (read per step, so a tool connected meanwhile is offered next time; catalog versions recorded
 * on the outcome), tool calls logged with agent and outcome, and the integration flags due at the
 * crew's stage.
 */
export function createStageServices(tools: Tools): Required<Pick<StageServices, 'toolsFor' | 'callTool' | 'runIntegrations'>> {
  return {
    toolsFor: (workspaceId, _agent, context) => tools.service.tools(workspaceId, context ? { outcomeId: context.outcomeId } : {}),
    callTool: (workspaceId, call, signal, context) =>
      tools.service.call(workspaceId, call.name, call.arguments, { agentName: context?.agent ?? null, outcomeId: context?.outcomeId ?? null, signal, ...(context?.callKey ? { callKey: context.callKey } : {}), ...(context?.step !== undefined ? { step: context.step } : {}) }),
    async runIntegrations(input) {
      // Flags were validated at deploy; here only the ones whose plugin still exists and that are on.
      const flags: ActiveFlag[] = [];
      for (const [flag, value] of Object.entries(input.integrations)) {
        const binding = tools.registry.flag(flag);
        if (!binding || value === false || (typeof value !== 'boolean' && typeof value !== 'string')) continue;
        flags.push({ flag, value, integration: binding.plugin.manifest.id });
      }
      if (tools.runner.dueAt(input.crew as CrewId, input.stage, flags).length === 0) return undefined;
      const result = await tools.runner.run({ ...input, crew: input.crew as CrewId, flags });
      return { executed: result.executed, events: result.events };
    },
  };
}
