import { assign } from 'xstate';
import { stepError, stepOutput, type AgentStepResult, type AgentToolCall } from './agent.js';
import { completedData, failureDetails } from './outcomeEvents.js';
import { approvalStepFailed, waiting } from './outcomeApprovalPatches.js';
import { outcomeSetup } from './outcomeSetup.js';

/** The integrations a final step ran (recorded with the stage's completion). */
function finalIntegrations(result: AgentStepResult) {
  return result.kind === 'final' ? result.integrations : undefined;
}

/** The tool calls of the first step that sent the outcome into `stage` (none for any other way in). */
function toolCallsOf(event: { type: string; output?: unknown }): AgentToolCall[] | undefined {
  if (event.type !== 'xstate.done.actor.step') return undefined;
  const result = event.output as AgentStepResult;
  return result.kind === 'tool_calls' ? result.calls : undefined;
}

/**
 * The outcome's `processing` state: the crew's stages in order (each its first model step,
 * `step`, then the agent's tool loop, `stage`, when the step asked for tools), then
 * the gate after the last stage (integrations held for approval, approved integrations, or the
 * result), then `completing`, which builds the result (or a draft that waits for approval).
 * Leaving it, by any transition, frees the concurrency slot.
 */
export const processing = outcomeSetup.createStateConfig({
  exit: { type: 'releaseSlot', params: ({ context }) => ({ outcomeId: context.outcomeId, workspaceId: context.workspaceId }) },
  initial: 'route',
  on: { CANCEL: { target: 'failed', actions: 'cancelled' } },
  states: {
    route: { always: [{ guard: 'stagesLeft', target: 'step' }, { target: 'gate' }] },
    // After the last stage: wait for the integrations' approval, run approved ones, or finish.
    gate: { always: [{ guard: 'awaitIntegrations', target: 'preparingIntegrations' }, { guard: 'integrationsApproved', target: 'integrations' }, { target: 'completing' }] },
    preparingIntegrations: {
      invoke: {
        src: 'prepareAction',
        input: ({ context }) => ({ outcomeId: context.outcomeId, kind: 'approve_integrations' as const, attempt: context.attempt, content: context.editedContent ?? null }),
        onDone: { target: '#outcome.awaiting_approval', actions: assign(({ context, event }) => waiting(context, 'approve_integrations', event.output)) },
        onError: { target: '#outcome.failed', actions: assign(({ context, event }) => approvalStepFailed(context, event.error, 'Preparing the approval failed.', 'awaiting_approval')) },
      },
    },
    integrations: {
      invoke: {
        src: 'deferredIntegrations',
        input: ({ context }) => ({ outcomeId: context.outcomeId, attempt: context.attempt, content: context.editedContent ?? null }),
        onDone: { target: 'completing', actions: [{ type: 'recordIntegrations', params: ({ event }) => ({ integrations: event.output }) }, assign({ integrationsGate: 'done' as const })] },
        onError: { target: '#outcome.failed', actions: assign(({ context, event }) => approvalStepFailed(context, event.error, 'Running the approved integrations failed.', 'integrations')) },
      },
    },
    preparingResult: {
      invoke: {
        src: 'prepareAction',
        input: ({ context }) => ({ outcomeId: context.outcomeId, kind: 'approve_result' as const, attempt: context.attempt, content: context.draft?.result.content ?? null }),
        onDone: { target: '#outcome.awaiting_approval', actions: assign(({ context, event }) => waiting(context, 'approve_result', event.output)) },
        onError: { target: '#outcome.failed', actions: assign(({ context, event }) => approvalStepFailed(context, event.error, 'Preparing the approval failed.', 'awaiting_approval')) },
      },
    },
    // A stage starts with its first model step, invoked by the outcome itself: one promise actor
    // per stage and no agent actor for a stage the model answers in one step (most of them). A
    // step that asks for tools hands its calls to an agent (`stage`), which runs the tool loop.
    step: {
      entry: 'beginStage',
      invoke: {
        id: 'step',
        src: 'modelStep',
        input: ({ context }) => ({ outcomeId: context.outcomeId, stepKey: String(context.stageIndex), stageIndex: context.stageIndex, attempt: context.attempt, turn: 0, exchanges: [] }),
        onDone: [
          {
            guard: { type: 'stepFinalWithMoreStages', params: ({ event }) => event.output },
            target: 'step',
            reenter: true,
            actions: { type: 'endStage', params: ({ event }) => ({ output: stepOutput(event.output), integrations: finalIntegrations(event.output) }) },
          },
          {
            guard: { type: 'stepFinal', params: ({ event }) => event.output },
            target: 'gate',
            actions: { type: 'endStage', params: ({ event }) => ({ output: stepOutput(event.output), integrations: finalIntegrations(event.output) }) },
          },
          { guard: { type: 'stepFailed', params: ({ event }) => event.output }, target: '#outcome.failed', actions: { type: 'agentFailed', params: ({ event }) => stepOutput(event.output) } },
          { target: 'stage' },
        ],
        onError: { target: '#outcome.failed', actions: { type: 'agentFailed', params: ({ context, event }) => stepError(event.error, context.updatedAt) } },
      },
    },
    // The agent of a stage whose first step asked for tools: it starts at those calls. (A snapshot
    // stored before `step` existed rests here with an agent that began at its first step.)
    stage: {
      invoke: {
        id: 'agent',
        src: 'agent',
        input: ({ context, event }) => {
          const stage = context.stages[context.stageIndex]!;
          return {
            outcomeId: context.outcomeId,
            stepKey: String(context.stageIndex),
            stageIndex: context.stageIndex,
            stage: stage.name,
            agent: stage.agent,
            attempt: context.attempt,
            at: context.updatedAt,
            calls: toolCallsOf(event),
          };
        },
        onDone: [
          {
            guard: { type: 'agentOkWithMoreStages', params: ({ event }) => event.output },
            target: 'step',
            actions: { type: 'endStage', params: ({ event }) => ({ output: event.output, integrations: event.output.ok ? event.output.integrations : undefined }) },
          },
          {
            guard: { type: 'agentOk', params: ({ event }) => event.output },
            target: 'gate',
            actions: { type: 'endStage', params: ({ event }) => ({ output: event.output, integrations: event.output.ok ? event.output.integrations : undefined }) },
          },
          { target: '#outcome.failed', actions: { type: 'agentFailed', params: ({ event }) => event.output } },
        ],
      },
    },
    completing: {
      invoke: {
        src: 'finalize',
        input: ({ context }) => ({ outcomeId: context.outcomeId, stepKey: String(context.stages.length - 1), attempt: context.attempt, revisionId: null, content: context.editedContent ?? null }),
        onDone: [
          { guard: 'awaitResult', target: 'preparingResult', actions: assign(({ event }) => ({ draft: { result: event.output.result, qualityMetrics: event.output.qualityMetrics }, updatedAt: event.output.at })) },
          { target: '#outcome.completed', actions: [{ type: 'completeWith', params: ({ event }) => event.output }, { type: 'record', params: ({ context }) => ({ event: 'outcome.completed', data: completedData(context) }) }] },
        ],
        onError: {
          target: '#outcome.failed',
          actions: assign(({ context, event }) => ({
            error: { code: 'internal_error', message: 'Building the result failed.', details: failureDetails(context, String((event.error as Error)?.message ?? event.error), { stage: 'finalizing' }) },
            failedAt: context.updatedAt,
          })),
        },
      },
    },
  },
});
