import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import { agentMachine, type AgentIntegrations, type AgentOutput } from './agent.js';
import { agentCompletedData, agentStartedData, completedData, failedData, failureDetails, processingData, progressOf, revisionError, revisionFailedData, revisionRequestedData } from './outcomeEvents.js';
import { actionRequiredData, actionResolvedData, resolutionOf, type ActionKind, type ActionResolution, type DecideEvent, type DeferredIntegrationsInput, type Decision, type PendingAction, type PreparedAction, type PrepareActionInput } from './approvals.js';
import { approvalStepFailed, integrationsDecided, resultApproved, resultRejected, waiting } from './outcomeApprovalPatches.js';
import type { AgentEntry, FinalizeInput, FinalizeOutput, OutcomeContext, OutcomeEmitted, OutcomeError, OutcomeEvent, OutcomeInput, OutcomeStageRef, RevisionNotes } from './outcomeTypes.js';

/**
 * One outcome (spec: States and transitions; DESIGN section 2):
 *
 *   held --RELEASE--> queued --START--> processing -> completed | failed
 *   completed --REVISE--> revising (status revision_requested) -> completed
 *     (a failed revision records `outcome.revision_failed` and keeps the content it had)
 *     (`completedAt` keeps the first completion; a revision sets `revisedAt` and `revisionId`)
 *   processing | queued | held --CANCEL--> failed (code cancelled)
 *   failed --RETRY--> queued, resuming at the failed stage with the next attempt
 *   processing -> awaiting_approval --DECIDE--> queued | completed | failed   (issue 27, approvals.ts)
 *
 * `held` waits for the outcomes a batch entry depends on; `queued` waits for a slot of the
 * workspace's concurrency limit. While processing, the crew's stages run in order, each as a
 * child agent actor; progress and the `agents` map move with them.
 *
 * Pure: no I/O, no clock reads. Every event carries the time it happened (`at`), and every
 * promise actor resolves with one. The runtime fills these slots with `.provide()`:
 * - actor `agent`: the agent machine with its model and tool slots filled.
 * - actor `finalize`: builds the result and quality metrics from the stored stage outputs.
 * - actions `requestSlot` / `releaseSlot`: the workspace's FIFO concurrency queue.
 * - actor `prepareAction`: the summary and preview of an approval (reads the draft and targets).
 * - actor `deferredIntegrations`: runs the integration flags held for approval, once approved.
 * - actions `actionOpened` / `actionResolved` / `actionCancelled`: an approval started waiting (the
 *   runtime stores it and schedules its expiry timer), was answered, or closed with a cancelled
 *   outcome; staged in the transition's own tick.
 * - actions `refundCredit` (entering failed) and `revisionSettled` (a revision ended): written
 *   in the same transaction as the snapshot of the transition that called them.
 * Spec events are emitted as `{type: 'event'}` with a per-outcome sequence; the host writes
 * them with the snapshot, in one transaction, and publishes them after commit.
 */

export type { OutcomeStageRef, OutcomeInput, AgentEntry, OutcomeError, OutcomeResult, FinalizeOutput, RevisionNotes, FinalizeInput, ActiveRevision, OutcomeContext, OutcomeEvent, OutcomeEmitted } from './outcomeTypes.js';

/** Whether a revision's notes say it applied none of its feedback (null: the model does not say). */
export function appliedNothing(notes: RevisionNotes | undefined): boolean {
  return Array.isArray(notes?.applied) && notes.applied.length === 0;
}

/** Seconds after a failure when a retry is suggested. */
export const retryDelaySeconds = 60;

function addSeconds(iso: string, seconds: number): string {
  return new Date(Date.parse(iso) + seconds * 1000).toISOString();
}

function agentProgress(stages: OutcomeStageRef[], agent: string, done: string[]): string {
  const mine = stages.filter((stage) => stage.agent === agent);
  const finished = mine.filter((stage) => done.includes(stage.name)).length;
  return `${Math.round((100 * finished) / Math.max(1, mine.length))}%`;
}

type Ctx = OutcomeContext;

/** An agent that has not started: one frozen entry shared by every outcome (entries are replaced, never changed). */
const pendingAgent: AgentEntry = Object.freeze({ status: 'pending' as const });

function eventTime(context: Ctx, event: unknown): string {
  const e = event as { at?: string; output?: { at?: string } };
  return e.at ?? e.output?.at ?? context.updatedAt;
}

export const outcomeMachine = setup({
  types: {
    input: {} as OutcomeInput,
    context: {} as OutcomeContext,
    events: {} as OutcomeEvent,
    emitted: {} as OutcomeEmitted,
  },
  actors: {
    agent: agentMachine,
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
      let sequence = context.sequence;
      for (const event of params.integrations.events) {
        sequence += 1;
        enqueue.emit({ type: 'event', event: event.kind, timestamp: context.updatedAt, sequence, data: event.data });
      }
      enqueue.assign({ sequence, integrationsExecuted: { ...(context.integrationsExecuted ?? {}), ...params.integrations.executed } });
    }),
    /** Closes the open action with the DECIDE's answer and records `outcome.action_resolved`. */
    resolveAction: enqueueActions(({ context, event, enqueue }) => {
      const decide = event as DecideEvent;
      const resolution = resolutionOf(context.pendingAction!, decide);
      const sequence = context.sequence + 1;
      enqueue.assign({ lastResolution: resolution, pendingAction: null, updatedAt: decide.at, sequence });
      enqueue.emit({ type: 'event', event: 'outcome.action_resolved', timestamp: decide.at, sequence, data: actionResolvedData(context.outcomeId, resolution) });
    }),
    startStage: assign(({ context }) => {
      const stage = context.stages[context.stageIndex]!;
      const previous = context.agents[stage.agent] ?? { status: 'pending' as const };
      return {
        agents: {
          ...context.agents,
          [stage.agent]: {
            ...previous,
            status: 'processing' as const,
            started_at: previous.started_at ?? context.updatedAt,
            progress: agentProgress(context.stages, stage.agent, context.stagesCompleted),
          },
        },
      };
    }),
    finishStage: assign(({ context, event }) => {
      const output = (event as unknown as { output: Extract<AgentOutput, { ok: true }> }).output;
      const stage = context.stages[context.stageIndex]!;
      const stagesCompleted = [...context.stagesCompleted, stage.name];
      const laterStages = context.stages.slice(context.stageIndex + 1).some((s) => s.agent === stage.agent);
      const entry = context.agents[stage.agent] ?? { status: 'pending' as const };
      return {
        stagesCompleted,
        updatedAt: output.at,
        agents: {
          ...context.agents,
          [stage.agent]: {
            ...entry,
            status: laterStages ? ('processing' as const) : ('completed' as const),
            ...(laterStages ? {} : { completion_time: output.at }),
            output_summary: output.summary,
            progress: agentProgress(context.stages, stage.agent, stagesCompleted),
          },
        },
      };
    }),
    nextStage: assign(({ context }) => ({
      stageIndex: context.stageIndex + 1,
      estimatedCompletion: addSeconds(context.updatedAt, (context.stages.length - context.stageIndex - 1) * context.secondsPerStage),
    })),
    agentFailed: assign(({ context, event }) => {
      const output = (event as unknown as { output: Extract<AgentOutput, { ok: false }> }).output;
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
    completeWith: assign(({ context, event }) => {
      const output = (event as unknown as { output: FinalizeOutput }).output;
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
}).createMachine({
  id: 'outcome',
  context: ({ input }) => ({
    outcomeId: input.outcomeId,
    workspaceId: input.workspaceId,
    crew: input.crew,
    stages: input.stages,
    revisionStage: input.revisionStage,
    secondsPerStage: input.secondsPerStage,
    createdAt: input.createdAt,
    updatedAt: input.createdAt,
    workflowId: input.workflowId,
    held: input.held,
    sequence: input.sequence,
    attempt: 1,
    stageIndex: 0,
    stagesCompleted: [],
    agents: Object.fromEntries(input.agents.map((agent) => [agent, pendingAgent])),
    estimatedCompletion: input.estimatedCompletion ?? addSeconds(input.createdAt, input.stages.length * input.secondsPerStage),
    completedAt: null,
    revisedAt: null,
    revisionId: null,
    failedAt: null,
    result: null,
    qualityMetrics: null,
    error: null,
    estimatedRetryTime: null,
    revisionsAvailable: input.revisionsAvailable,
    revision: null,
    approvals: input.approvals ?? null,
    ...(input.traceparent ? { traceparent: input.traceparent } : {}),
  }),
  initial: 'boot',
  states: {
    boot: { always: [{ guard: 'held', target: 'held' }, { target: 'queued' }] },
    held: {
      on: {
        RELEASE: { target: 'queued', actions: [assign({ held: false }), 'stamp'] },
        DEPENDENCY_FAILED: {
          target: 'failed',
          actions: assign(({ context, event }) => ({
            error: {
              code: 'dependency_failed',
              message: `Outcome ${event.dependency}, which this one depends on, failed.`,
              details: failureDetails(context, `Dependency ${event.dependency} failed.`, { stage: 'waiting_for_dependencies', extra: { dependency: event.dependency } }),
            },
            failedAt: event.at,
            updatedAt: event.at,
          })),
        },
        CANCEL: { target: 'failed', actions: 'cancelled' },
      },
    },
    queued: {
      entry: { type: 'requestSlot', params: ({ context }) => ({ outcomeId: context.outcomeId, workspaceId: context.workspaceId }) },
      on: {
        START: {
          target: 'processing',
          actions: [
            'stamp',
            assign(({ context }) => ({ estimatedCompletion: addSeconds(context.updatedAt, (context.stages.length - context.stageIndex) * context.secondsPerStage) })),
            { type: 'record', params: ({ context }) => ({ event: 'outcome.processing', data: processingData(context) }) },
          ],
        },
        CANCEL: { target: 'failed', actions: 'cancelled' },
      },
    },
    processing: {
      exit: { type: 'releaseSlot', params: ({ context }) => ({ outcomeId: context.outcomeId, workspaceId: context.workspaceId }) },
      initial: 'route',
      on: { CANCEL: { target: 'failed', actions: 'cancelled' } },
      states: {
        route: { always: [{ guard: 'stagesLeft', target: 'stage' }, { target: 'gate' }] },
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
        stage: {
          entry: ['startStage', { type: 'record', params: ({ context }) => ({ event: 'crew.agent_started', data: agentStartedData(context) }) }],
          invoke: {
            id: 'agent',
            src: 'agent',
            input: ({ context }) => {
              const stage = context.stages[context.stageIndex]!;
              return {
                outcomeId: context.outcomeId,
                stepKey: String(context.stageIndex),
                stageIndex: context.stageIndex,
                stage: stage.name,
                agent: stage.agent,
                attempt: context.attempt,
                at: context.updatedAt,
              };
            },
            // A stage that finished goes straight to the next stage (re-entered: a new agent) or to
            // `completing`, the way `route` would send it, without the eventless step through it.
            onDone: [
              {
                guard: { type: 'agentOkWithMoreStages', params: ({ event }) => event.output },
                target: 'stage',
                reenter: true,
                actions: [
                  'finishStage',
                  { type: 'record', params: ({ context }) => ({ event: 'crew.agent_completed', data: agentCompletedData(context) }) },
                  { type: 'recordIntegrations', params: ({ event }) => ({ integrations: event.output.ok ? event.output.integrations : undefined }) },
                  'nextStage',
                ],
              },
              {
                guard: { type: 'agentOk', params: ({ event }) => event.output },
                target: 'gate',
                actions: [
                  'finishStage',
                  { type: 'record', params: ({ context }) => ({ event: 'crew.agent_completed', data: agentCompletedData(context) }) },
                  { type: 'recordIntegrations', params: ({ event }) => ({ integrations: event.output.ok ? event.output.integrations : undefined }) },
                  'nextStage',
                ],
              },
              { target: '#outcome.failed', actions: 'agentFailed' },
            ],
          },
        },
        completing: {
          invoke: {
            src: 'finalize',
            input: ({ context }) => ({ outcomeId: context.outcomeId, stepKey: String(context.stages.length - 1), attempt: context.attempt, revisionId: null, content: context.editedContent ?? null }),
            onDone: [
              { guard: 'awaitResult', target: 'preparingResult', actions: assign(({ event }) => ({ draft: { result: event.output.result, qualityMetrics: event.output.qualityMetrics }, updatedAt: event.output.at })) },
              { target: '#outcome.completed', actions: ['completeWith', { type: 'record', params: ({ context }) => ({ event: 'outcome.completed', data: completedData(context) }) }] },
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
    },
    // Waits for a person (issue 27): public status processing, no concurrency slot held.
    awaiting_approval: {
      entry: [
        { type: 'record', params: ({ context }) => ({ event: 'outcome.action_required', data: actionRequiredData(context.outcomeId, context.crew, context.pendingAction!) }) },
        { type: 'actionOpened', params: ({ context }) => ({ outcomeId: context.outcomeId, workspaceId: context.workspaceId, action: context.pendingAction! }) },
      ],
      on: {
        // The patch reads the open action, so it runs before `resolveAction` closes it.
        DECIDE: [
          {
            guard: { type: 'decides', params: ({ event }) => ({ event, kind: 'approve_integrations' as const, decision: 'approve' as const }) },
            target: 'queued',
            actions: [assign(({ context, event }) => integrationsDecided(context, event)), 'resolveAction', { type: 'actionResolved', params: ({ context }) => ({ outcomeId: context.outcomeId, resolution: context.lastResolution! }) }],
          },
          {
            guard: { type: 'decides', params: ({ event }) => ({ event, kind: 'approve_integrations' as const, decision: 'reject' as const }) },
            target: 'queued',
            actions: [assign(({ context, event }) => integrationsDecided(context, event)), 'resolveAction', { type: 'actionResolved', params: ({ context }) => ({ outcomeId: context.outcomeId, resolution: context.lastResolution! }) }],
          },
          {
            guard: { type: 'decides', params: ({ event }) => ({ event, kind: 'approve_result' as const, decision: 'approve' as const }) },
            target: 'completed',
            actions: [
              assign(({ context, event }) => resultApproved(context, event)),
              'resolveAction',
              { type: 'actionResolved', params: ({ context }) => ({ outcomeId: context.outcomeId, resolution: context.lastResolution! }) },
              { type: 'record', params: ({ context }) => ({ event: 'outcome.completed', data: completedData(context) }) },
            ],
          },
          {
            guard: { type: 'decides', params: ({ event }) => ({ event, kind: 'approve_result' as const, decision: 'reject' as const }) },
            target: 'failed',
            actions: [assign(({ context, event }) => resultRejected(context, event)), 'resolveAction', { type: 'actionResolved', params: ({ context }) => ({ outcomeId: context.outcomeId, resolution: context.lastResolution! }) }],
          },
        ],
        // The open action closes with the outcome (it is no longer listed as pending).
        CANCEL: { target: 'failed', actions: ['cancelled', { type: 'actionCancelled', params: ({ context, event }) => ({ outcomeId: context.outcomeId, actionId: context.pendingAction!.id, at: event.at }) }] },
      },
    },
    completed: {
      on: {
        REVISE: {
          guard: 'hasRevisions',
          target: 'revising',
          actions: [
            assign(({ context, event }) => ({
              revisionsAvailable: context.revisionsAvailable - 1,
              revision: { id: event.revisionId, feedback: event.feedback, changesRequested: event.changesRequested, estimatedCompletion: event.estimatedCompletion, startedAt: event.at },
              updatedAt: event.at,
            })),
            { type: 'record', params: ({ context }) => ({ event: 'outcome.revision_requested', data: revisionRequestedData(context) }) },
          ],
        },
      },
    },
    revising: {
      initial: 'working',
      states: {
        working: {
          invoke: {
            id: 'agent',
            src: 'agent',
            input: ({ context }) => {
              const stage = context.stages[context.revisionStage]!;
              return {
                outcomeId: context.outcomeId,
                stepKey: context.revision!.id,
                stageIndex: context.revisionStage,
                stage: 'revision',
                agent: stage.agent,
                attempt: 1,
                at: context.revision!.startedAt,
              };
            },
            onDone: [
              { guard: { type: 'agentOk', params: ({ event }) => event.output }, target: 'finishing' },
              {
                target: '#outcome.completed',
                actions: [
                  {
                    type: 'revisionSettled',
                    params: ({ context, event }) => {
                      const output = event.output as Extract<AgentOutput, { ok: false }>;
                      return { revisionId: context.revision!.id, status: 'failed' as const, at: output.at, error: revisionError(context, output.error.code, output.error.message, output.error.lastError, output.error.retryCount) };
                    },
                  },
                  assign(({ context, event }) => ({ revisionsAvailable: context.revisionsAvailable + 1, updatedAt: event.output.at })),
                  {
                    type: 'record',
                    params: ({ context, event }) => {
                      const output = event.output as Extract<AgentOutput, { ok: false }>;
                      return { event: 'outcome.revision_failed', data: revisionFailedData(context, revisionError(context, output.error.code, output.error.message, output.error.lastError, output.error.retryCount)) };
                    },
                  },
                  assign({ revision: null }),
                ],
              },
            ],
          },
        },
        finishing: {
          invoke: {
            src: 'finalize',
            input: ({ context }) => ({ outcomeId: context.outcomeId, stepKey: context.revision!.id, attempt: 1, revisionId: context.revision!.id }),
            onDone: {
              target: '#outcome.completed',
              actions: [
                { type: 'revisionSettled', params: ({ context, event }) => ({ revisionId: context.revision!.id, status: 'completed' as const, at: event.output.at, error: null }) },
                assign(({ context, event }) => ({
                  result: event.output.result,
                  qualityMetrics: event.output.qualityMetrics,
                  revisedAt: event.output.at,
                  revisionId: context.revision!.id,
                  updatedAt: event.output.at,
                  // A revision that applied nothing (the model says `applied: []`) gives its revision back.
                  revisionsAvailable: context.revisionsAvailable + (appliedNothing(event.output.revisionNotes) ? 1 : 0),
                })),
                { type: 'record', params: ({ context, event }) => ({ event: 'outcome.completed', data: completedData(context, event.output.revisionNotes) }) },
                assign({ revision: null }),
              ],
            },
            onError: {
              target: '#outcome.completed',
              actions: [
                {
                  type: 'revisionSettled',
                  params: ({ context, event }) => ({
                    revisionId: context.revision!.id,
                    status: 'failed' as const,
                    at: context.updatedAt,
                    error: revisionError(context, 'internal_error', 'Building the revised result failed.', String((event.error as Error)?.message ?? event.error)),
                  }),
                },
                assign(({ context }) => ({ revisionsAvailable: context.revisionsAvailable + 1 })),
                {
                  type: 'record',
                  params: ({ context, event }) => ({
                    event: 'outcome.revision_failed',
                    data: revisionFailedData(context, revisionError(context, 'internal_error', 'Building the revised result failed.', String((event.error as Error)?.message ?? event.error))),
                  }),
                },
                assign({ revision: null }),
              ],
            },
          },
        },
      },
    },
    failed: {
      entry: [
        { type: 'refundCredit', params: ({ context }) => ({ outcomeId: context.outcomeId, workspaceId: context.workspaceId }) },
        assign(({ context }) => ({
          estimatedCompletion: null,
          estimatedRetryTime: addSeconds(context.failedAt ?? context.updatedAt, retryDelaySeconds),
          updatedAt: context.failedAt ?? context.updatedAt,
          agents: Object.fromEntries(
            Object.entries(context.agents).map(([name, entry]) => [name, entry.status === 'processing' ? { ...entry, status: 'failed' as const } : entry]),
          ),
        })),
        { type: 'record', params: ({ context }) => ({ event: 'outcome.failed', data: failedData(context) }) },
      ],
      on: {
        RETRY: {
          target: 'queued',
          actions: assign(({ context, event }) => ({
            attempt: context.attempt + 1,
            error: null,
            failedAt: null,
            estimatedRetryTime: null,
            updatedAt: event.at,
            agents: Object.fromEntries(
              Object.entries(context.agents).map(([name, entry]) => [name, entry.status === 'failed' ? { ...entry, status: 'pending' as const } : entry]),
            ),
            estimatedCompletion: addSeconds(event.at, (context.stages.length - context.stageIndex) * context.secondsPerStage),
          })),
        },
      },
    },
  },
});

export type OutcomeMachine = typeof outcomeMachine;
