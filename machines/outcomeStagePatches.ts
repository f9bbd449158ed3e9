import type { AgentIntegrations, AgentOutput } from './agent.js';
import { agentCompletedData, agentStartedData } from './outcomeEvents.js';
import { addSeconds, agentProgress } from './outcomeTime.js';
import type { OutcomeContext, OutcomeEmitted } from './outcomeTypes.js';

/**
 * The context changes of a stage's start and end, as pure functions: each returns the fields it
 * changes and the spec events it records, in order. The chart applies each as ONE assignment
 * (`beginStage`, `endStage` in outcomeSetup.ts): xstate copies the context and the snapshot for
 * every assignment, and a stage's end was four of them (issue 30, item 3).
 */
export interface StagePatch {
  changes: Partial<OutcomeContext>;
  events: OutcomeEmitted[];
}

/** The stage at `stageIndex` starts: its agent is processing, and `crew.agent_started` is recorded. */
export function stageStarted(context: OutcomeContext): StagePatch {
  const stage = context.stages[context.stageIndex]!;
  const previous = context.agents[stage.agent] ?? { status: 'pending' as const };
  const agents = {
    ...context.agents,
    [stage.agent]: {
      ...previous,
      status: 'processing' as const,
      started_at: previous.started_at ?? context.updatedAt,
      progress: agentProgress(context.stages, stage.agent, context.stagesCompleted),
    },
  };
  const sequence = context.sequence + 1;
  return {
    changes: { agents, sequence },
    events: [{ type: 'event', event: 'crew.agent_started', timestamp: context.updatedAt, sequence, data: agentStartedData({ ...context, agents }) }],
  };
}

/**
 * The stage at `stageIndex` ended with `output` (a success: the chart took this branch after a
 * guard passed it): its agent's entry, `crew.agent_completed`, the events of the integrations its
 * final step ran (in flag order), and the move to the next stage.
 */
export function stageFinished(context: OutcomeContext, output: AgentOutput, integrations: AgentIntegrations | undefined): StagePatch {
  if (!output.ok) throw new Error('stageFinished was given a failed agent output');
  const stage = context.stages[context.stageIndex]!;
  const stagesCompleted = [...context.stagesCompleted, stage.name];
  const laterStages = context.stages.slice(context.stageIndex + 1).some((s) => s.agent === stage.agent);
  const entry = context.agents[stage.agent] ?? { status: 'pending' as const };
  const agents = {
    ...context.agents,
    [stage.agent]: {
      ...entry,
      status: laterStages ? ('processing' as const) : ('completed' as const),
      ...(laterStages ? {} : { completion_time: output.at }),
      output_summary: output.summary,
      progress: agentProgress(context.stages, stage.agent, stagesCompleted),
    },
  };
  const finished: OutcomeContext = { ...context, stagesCompleted, updatedAt: output.at, agents };
  const sequence = context.sequence + 1;
  const events: OutcomeEmitted[] = [{ type: 'event', event: 'crew.agent_completed', timestamp: output.at, sequence, data: agentCompletedData(finished) }];
  const changes: Partial<OutcomeContext> = { stagesCompleted, updatedAt: output.at, agents, sequence };
  if (integrations) {
    const recorded = integrationsRecorded({ sequence, integrationsExecuted: context.integrationsExecuted }, output.at, integrations);
    Object.assign(changes, recorded.changes);
    events.push(...recorded.events);
  }
  changes.stageIndex = context.stageIndex + 1;
  changes.estimatedCompletion = addSeconds(output.at, (context.stages.length - context.stageIndex - 1) * context.secondsPerStage);
  return { changes, events };
}

/**
 * The results of the integrations a stage ran: their entries merged into `integrationsExecuted`
 * and their events recorded after `context.sequence`, in flag order, at `timestamp`.
 */
export function integrationsRecorded(context: Pick<OutcomeContext, 'sequence' | 'integrationsExecuted'>, timestamp: string, integrations: AgentIntegrations): StagePatch {
  let sequence = context.sequence;
  const events: OutcomeEmitted[] = integrations.events.map((event) => ({ type: 'event', event: event.kind, timestamp, sequence: (sequence += 1), data: event.data }));
  return { changes: { sequence, integrationsExecuted: { ...(context.integrationsExecuted ?? {}), ...integrations.executed } }, events };
}
