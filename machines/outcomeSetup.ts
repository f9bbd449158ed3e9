import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import { agentMachine, type AgentIntegrations, type AgentOutput, type AgentStepInput, type AgentStepResult } from './agent.js';
import { failureDetails } from './outcomeEvents.js';
import { actionResolvedData, resolutionOf, type ActionKind, type ActionResolution, type DecideEvent, type DeferredIntegrationsInput, type Decision, type PendingAction, type PreparedAction, type PrepareActionInput } from './approvals.js';
import { eventTime } from './outcomeTime.js';
import { integrationsRecorded, stageFinished, stageStarted } from './outcomeStagePatches.js';
import type { FinalizeInput, FinalizeOutput, OutcomeContext, OutcomeEmitted, OutcomeError, OutcomeEvent, OutcomeInput } from './outcomeTypes.js';

/**
 * The outcome machine's named slots (machines/outcome.ts describes the chart): the side-effect
 * slots the runtime fills with `.provide()`, the pure bookkeeping actions and the guards. The
 * chart's parts (outcomeProcessing.ts, outcomeAwaitingApproval.ts, outcomeRevising.ts) are typed
 * state configs made from this one setup, so every part names the same slots.
 */
export const outcomeSetup = setup({
  types: {
    input: {} as OutcomeInput,
    context: {} as OutcomeContext,
    events: {} as OutcomeEvent,
    emitted: {} as OutcomeEmitted,
  },
  actors: {
    agent: agentMachine,
    /** A stage's first model step, run by the outcome itself (the agent machine's `modelStep`). */
    modelStep: fromPromise<AgentStepResult, AgentStepInput>(async () => {
      throw new Error('outcome actor modelStep is not provided');
    }),
    finalize: fromPromise<FinalizeOutput, FinalizeInput>(async () => {
      throw new Error('outcome actor finalize is not provided');
    }),
    prepareAction: fromPromise<PreparedAction, PrepareActionInput>(async () => {
      throw new Error('outcome actor prepareAction is not provided');
    }),
    deferredIntegrations: fromPromise<AgentIntegrations | undefined, DeferredIntegrationsInput>(async () => {
      throw new Error('outcome actor deferredIntegrations is not provided');
    }),
  },
  actions: {
    // Side-effect slots, filled by the runtime.
    requestSlot: (_, _params: { outcomeId: string; workspaceId: string }) => {},
    releaseSlot: (_, _params: { outcomeId: string; workspaceId: string }) => {},
    refundCredit: (_, _params: { outcomeId: string; workspaceId: string }) => {},
    revisionSettled: (_, _params: { revisionId: string; status: 'completed' | 'failed'; at: string; error: OutcomeError | null }) => {},
    actionOpened: (_, _params: { outcomeId: string; workspaceId: string; action: PendingAction }) => {},
    actionResolved: (_, _params: { outcomeId: string; resolution: ActionResolution }) => {},
    actionCancelled: (_, _params: { outcomeId: string; actionId: string; at: string }) => {},

    // Pure bookkeeping.
    stamp: assign(({ context, event }) => ({ updatedAt: eventTime(context, event) })),
    /** Appends one spec event: bumps the per-outcome sequence and emits the event with it. */
    record: enqueueActions(({ context, enqueue }, params: { event: string; data: Record<string, unknown> }) => {
      const sequence = context.sequence + 1;
      enqueue.assign({ sequence });
      enqueue.emit({ type: 'event', event: params.event, timestamp: context.updatedAt, sequence, data: params.data });
    }),
    /** Stores a stage's integration results and records their events, in flag order. */
    recordIntegrations: enqueueActions(({ context, enqueue }, params: { integrations: AgentIntegrations | undefined }) => {
      if (!params.integrations) return;
      const { changes, events } = integrationsRecorded(context, context.updatedAt, params.integrations);
      for (const event of events) enqueue.emit(event);
      enqueue.assign(changes);
    }),
    /** Closes the open action with the DECIDE's answer and records `outcome.action_resolved`. */
    resolveAction: enqueueActions(({ context, event, enqueue }) => {
      const decide = event as DecideEvent;
      const resolution = resolutionOf(context.pendingAction!, decide);
      const sequence = context.sequence + 1;
      enqueue.assign({ lastResolution: resolution, pendingAction: null, updatedAt: decide.at, sequence });
      enqueue.emit({ type: 'event', event: 'outcome.action_resolved', timestamp: decide.at, sequence, data: actionResolvedData(context.outcomeId, resolution) });
    }),
    /** A stage starts: its agent's entry and `crew.agent_started`, in one assignment (outcomeStagePatches.ts). */
    beginStage: enqueueActions(({ context, enqueue }) => {
      const { changes, events } = stageStarted(context);
      enqueue.assign(changes);
      for (const event of events) enqueue.emit(event);
    }),
    /**
     * A stage ended well (the chart takes this branch after an agentOk guard passed the output):
     * its agent's entry, `crew.agent_completed`, its integrations' events and the move to the next
     * stage, in one assignment (outcomeStagePatches.ts).
     */
    endStage: enqueueActions(({ context, enqueue }, params: { output: AgentOutput; integrations: AgentIntegrations | undefined }) => {
      const { changes, events } = stageFinished(context, params.output, params.integrations);
      enqueue.assign(changes);
      for (const event of events) enqueue.emit(event);
    }),
    agentFailed: assign(({ context }, output: AgentOutput) => {
      // The chart takes this branch after the agentOk guards refused the output, so it failed.
      if (output.ok) throw new Error('agentFailed was given a successful agent output');
      const stage = context.stages[context.stageIndex]!;
      return {
        failedAt: output.at,
        updatedAt: output.at,
        error: {
          code: output.error.code,
          message:
            output.error.code === 'content_generation_failed'
              ? `The ${stage.agent} could not generate content for the ${stage.name} stage.`
              : output.error.message,
          details: failureDetails(context, output.error.lastError, { retryCount: output.error.retryCount }),
        },
      };
    }),
    cancelled: assign(({ context, event }) => ({
      error: { code: 'cancelled', message: 'The outcome was cancelled.', details: failureDetails(context, 'Cancelled on request.', context.held ? { stage: 'waiting_for_dependencies' } : {}) },
      failedAt: eventTime(context, event),
      updatedAt: eventTime(context, event),
    })),
    completeWith: assign(({ context }, output: FinalizeOutput) => {
      return {
        result: output.result,
        qualityMetrics: output.qualityMetrics,
        completedAt: output.at,
        updatedAt: output.at,
        estimatedCompletion: null,
        stageIndex: context.stages.length,
      };
    }),
  },
  guards: {
    held: ({ context }) => context.held,
    agentOk: (_, output: AgentOutput) => output.ok,
    stepFinal: (_, result: AgentStepResult) => result.kind === 'final',
    stepFinalWithMoreStages: ({ context }, result: AgentStepResult) => result.kind === 'final' && context.stageIndex + 1 < context.stages.length,
    stepFailed: (_, result: AgentStepResult) => result.kind === 'failed',
    agentOkWithMoreStages: ({ context }, output: AgentOutput) => output.ok && context.stageIndex + 1 < context.stages.length,
    moreStages: ({ context }) => context.stageIndex + 1 < context.stages.length,
    stagesLeft: ({ context }) => context.stageIndex < context.stages.length,
    hasRevisions: ({ context }) => context.revisionsAvailable > 0,
    awaitIntegrations: ({ context }) => Boolean(context.approvals?.before_integrations) && !context.integrationsGate,
    integrationsApproved: ({ context }) => context.integrationsGate === 'approved',
    awaitResult: ({ context }) => Boolean(context.approvals?.before_completion),
    /** The DECIDE answers the open action of `kind` with `decision`. */
    decides: ({ context }, params: { event: DecideEvent; kind: ActionKind; decision: Decision }) =>
      context.pendingAction?.id === params.event.actionId && context.pendingAction.kind === params.kind && params.event.decision === params.decision,
  },
});
