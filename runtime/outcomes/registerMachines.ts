import { fromPromise } from 'xstate';
import { agentMachine, type AgentStepInput, type AgentToolsInput } from '../../machines/agent.js';
import { outcomeMachine, type FinalizeInput, type OutcomeContext } from '../../machines/outcome.js';
import { workflowMachine, workflowStatus } from '../../machines/workflow.js';
import type { DeferredIntegrationsInput, PrepareActionInput } from '../../machines/approvals.js';
import type { ApprovalSlots } from '../approvals/approvalSlots.js';
import type { ActorHost } from '../actors/actorHost.js';
import type { CrewDefinition } from '../../crews/index.js';
import type { CapacityQueue } from './capacityQueue.js';
import type { CompletionEstimator } from './completionEstimator.js';
import type { EngineMachines, OutcomeSnapshot } from './engineMachines.js';
import { observeDurations } from './observeDurations.js';
import { failedOutcomeRows, outcomeRow, phaseOf } from './outcomeProjection.js';
import type { StageRunner } from './stageRunner.js';
import { outcomeRowWriters, workflowRowWriters } from './outcomeRows.js';

export interface MachineWiring {
  host: ActorHost;
  runner: StageRunner;
  queue: CapacityQueue;
  estimator: CompletionEstimator;
  crewOf(crewId: string): CrewDefinition;
  now(): string;
  onError(error: unknown, message: string): void;
  /** A failure the user sees (a revision that failed): logged at warn with its ids. */
  onWarning?(fields: Record<string, unknown>, message: string): void;
  /** The approval slots (issue 27); without them an outcome asked to wait fails when it would. */
  approvals?: ApprovalSlots;
}

/**
 * Fills the slots of the outcome (with its agent) and workflow machines with the engine's
 * implementations (.provide()) and registers both with the actor host, with their pure
 * projections. Side effects that must be durable are staged as rows of the actor's tick.
 */
export function registerMachines({ host, runner, queue, estimator, crewOf, now, onError, onWarning, approvals }: MachineWiring): EngineMachines {
  // Handles are bound after registration: the slots below only run once actors exist.
  let machines: EngineMachines | undefined;
  const reported = (id: string, type: string) => (error: unknown) => onError(error, `could not send ${type} to ${id}`);

  function settled(id: string, context: OutcomeContext, status: 'completed' | 'failed'): void {
    runner.forget(id);
    estimator.forget(id);
    const workflowId = context.workflowId;
    if (workflowId) void machines?.workflow.send(workflowId, { type: 'OUTCOME_SETTLED', outcomeId: id, status, at: context.updatedAt }).catch(reported(workflowId, 'OUTCOME_SETTLED'));
  }

  // One model step: the outcome runs a stage's first itself, its agent the later ones of a tool loop.
  const modelStep = fromPromise(({ input, signal }: { input: AgentStepInput; signal: AbortSignal }) => runner.modelStep(input, signal));
  const outcomeLogic = outcomeMachine.provide({
    actors: {
      modelStep,
      agent: agentMachine.provide({
        actors: {
          modelStep,
          callTools: fromPromise(({ input, signal }: { input: AgentToolsInput; signal: AbortSignal }) => runner.callTools(input, signal)),
        },
      }),
      finalize: fromPromise(({ input }: { input: FinalizeInput }) => runner.finalize(input)),
      prepareAction: fromPromise(async ({ input }: { input: PrepareActionInput }) => {
        if (!approvals) throw new Error('approvals are not wired');
        return approvals.prepare(input);
      }),
      deferredIntegrations: fromPromise(({ input, signal }: { input: DeferredIntegrationsInput; signal: AbortSignal }) => (approvals ? approvals.runDeferred(input, signal) : Promise.resolve(undefined))),
    },
    actions: {
      requestSlot: (_, params) => queue.request(params.workspaceId, params.outcomeId),
      releaseSlot: (_, params) => queue.release(params.workspaceId, params.outcomeId),
      refundCredit: (_, params) => host.stage(params.outcomeId, { refunds: [params.workspaceId] }),
      revisionSettled: ({ context }, params) => {
        host.stage(context.outcomeId, { revisionsSettled: [{ ...params, error: params.error as Record<string, unknown> | null }] });
        if (params.status === 'failed' && params.error) {
          const { code, message, details } = params.error;
          onWarning?.({ outcome_id: context.outcomeId, workspace_id: context.workspaceId, revision_id: params.revisionId, code, stage: details.stage, last_error: details.last_error }, `revision failed: ${message}`);
        }
      },
      actionOpened: (_, params) => {
        if (approvals) host.stage(params.outcomeId, approvals.opened(params.outcomeId, params.workspaceId, params.action));
      },
      actionResolved: (_, params) => {
        if (approvals) host.stage(params.outcomeId, approvals.resolved(params.resolution));
      },
      actionCancelled: (_, params) => {
        if (approvals) host.stage(params.outcomeId, approvals.cancelled(params.actionId, params.at));
      },
    },
  });

  const atRest = (snapshot: OutcomeSnapshot) => {
    const phase = phaseOf(snapshot);
    return phase === 'completed' || phase === 'failed';
  };

  /** The estimator's view of an outcome that has not finished yet (null otherwise). */
  function estimateOf(snapshot: OutcomeSnapshot, at: string): string | null {
    const context = snapshot.context;
    const phase = phaseOf(snapshot);
    if (phase !== 'held' && phase !== 'queued' && phase !== 'processing') return null;
    return estimator.estimate({ id: context.outcomeId, workspaceId: context.workspaceId, crew: crewOf(context.crew), stageIndex: context.stageIndex, phase, stageStartedAt: context.updatedAt, at });
  }

  const outcome = host.register({
    name: 'outcome',
    version: 1,
    logic: outcomeLogic,
    atRest,
    workspaceOf: (snapshot) => snapshot.context.workspaceId,
    rows: outcomeRowWriters,
    project: (snapshot, at) => ({ outcomeStates: [outcomeRow(snapshot, at, estimateOf(snapshot, at))] }),
    failed: failedOutcomeRows,
    onTransition(id, snapshot, previous) {
      if (previous) observeDurations(estimator, previous, snapshot);
      if (!atRest(snapshot) || (previous && atRest(previous) && previous.value === snapshot.value)) return;
      settled(id, snapshot.context, phaseOf(snapshot) === 'completed' ? 'completed' : 'failed');
    },
    onFailed(id, snapshot) {
      const context = snapshot.context;
      queue.release(context.workspaceId, id);
      settled(id, context, 'failed');
    },
    // Another process runs it now (fencing): free its slot here; its settling is the owner's to report.
    onLost(id, snapshot) {
      queue.release(snapshot.context.workspaceId, id);
      runner.forget(id);
      estimator.forget(id);
    },
  });

  const workflow = host.register({
    name: 'workflow',
    version: 1,
    logic: workflowMachine.provide({
      actions: {
        releaseOutcome: (_, params) => void machines?.outcome.send(params.outcomeId, { type: 'RELEASE', at: now() }).catch(reported(params.outcomeId, 'RELEASE')),
        failOutcome: (_, params) =>
          void machines?.outcome.send(params.outcomeId, { type: 'DEPENDENCY_FAILED', at: now(), dependency: params.dependency }).catch(reported(params.outcomeId, 'DEPENDENCY_FAILED')),
      },
    }),
    atRest: (snapshot) => snapshot.matches('done'),
    workspaceOf: (snapshot) => snapshot.context.workspaceId,
    rows: workflowRowWriters,
    project: (snapshot) => {
      const context = snapshot.context;
      return {
        workflowStates: [
          {
            id: context.workflowId,
            workspace_id: context.workspaceId,
            name: context.name,
            status: workflowStatus(String(snapshot.value), context),
            entries: [],
            created_at: context.createdAt,
            completed_at: context.completedAt,
          },
        ],
      };
    },
  });
  machines = { outcome, workflow };
  return machines;
}
