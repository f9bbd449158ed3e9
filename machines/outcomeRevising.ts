import { assign } from 'xstate';
import type { AgentOutput } from './agent.js';
import { completedData, revisionError, revisionFailedData, revisionRequestedData } from './outcomeEvents.js';
import { outcomeSetup } from './outcomeSetup.js';
import type { RevisionNotes } from './outcomeTypes.js';

/**
 * The outcome's revision sub-chart: `completed` takes a REVISE while revisions are left, and
 * `revising` runs the revision stage's agent, then rebuilds the result. Either way it returns to
 * `completed`: a failed revision records `outcome.revision_failed`, keeps the content it had and
 * gives its revision back.
 */

/** Whether a revision's notes say it applied none of its feedback (null: the model does not say). */
export function appliedNothing(notes: RevisionNotes | undefined): boolean {
  return Array.isArray(notes?.applied) && notes.applied.length === 0;
}

export const completed = outcomeSetup.createStateConfig({
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
});

export const revising = outcomeSetup.createStateConfig({
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
});
