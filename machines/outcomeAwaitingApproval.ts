import { assign } from 'xstate';
import { completedData } from './outcomeEvents.js';
import { actionRequiredData } from './approvals.js';
import { integrationsDecided, resultApproved, resultRejected } from './outcomeApprovalPatches.js';
import { outcomeSetup } from './outcomeSetup.js';

/**
 * The outcome's `awaiting_approval` state (issue 27): it waits for a person's DECIDE on the open
 * action (public status processing, no concurrency slot held). Approved or rejected integrations
 * go back in line; an approved result completes the outcome, a rejected one fails it.
 */
export const awaitingApproval = outcomeSetup.createStateConfig({
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
});
