import { assign } from 'xstate';
import { failedData, failureDetails, processingData } from './outcomeEvents.js';
import { awaitingApproval } from './outcomeAwaitingApproval.js';
import { processing } from './outcomeProcessing.js';
import { completed, revising } from './outcomeRevising.js';
import { outcomeSetup } from './outcomeSetup.js';
import { addSeconds } from './outcomeTime.js';
import type { AgentEntry } from './outcomeTypes.js';

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
 * workspace's concurrency limit. While processing, the crew's stages run in order, each its first
 * model step invoked by the outcome, then a child agent actor when that step asked for tools;
 * progress and the `agents` map move with them.
 *
 * This file holds the top of the chart; its parts are typed state configs of one setup:
 * outcomeSetup.ts (slots, bookkeeping actions, guards), outcomeProcessing.ts (the stages and the
 * result), outcomeAwaitingApproval.ts (issue 27) and outcomeRevising.ts (revisions).
 *
 * Pure: no I/O, no clock reads. Every event carries the time it happened (`at`), and every
 * promise actor resolves with one. The runtime fills these slots with `.provide()`:
 * - actor `modelStep`: a stage's first model step (the agent machine's `modelStep`).
 * - actor `agent`: the agent machine with its model and tool slots filled (tool loops, revisions).
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
export { appliedNothing } from './outcomeRevising.js';

/** Seconds after a failure when a retry is suggested. */
export const retryDelaySeconds = 60;

/** An agent that has not started: one frozen entry shared by every outcome (entries are replaced, never changed). */
const pendingAgent: AgentEntry = Object.freeze({ status: 'pending' as const });

export const outcomeMachine = outcomeSetup.createMachine({
  id: 'outcome',
  // Built as a spread of a literal: the literal alone (27 properties in-object) turns into a
  // dictionary-mode object at xstate's first `assign` (Object.assign({}, context, update)), about
  // 1.3 KB more per live outcome; a spread copy keeps fast properties through every assign.
  context: ({ input }) => ({
    ...{
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
    },
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
    processing,
    // Waits for a person (issue 27): public status processing, no concurrency slot held.
    awaiting_approval: awaitingApproval,
    completed,
    revising,
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
