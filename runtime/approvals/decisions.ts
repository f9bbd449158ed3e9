import type { Decider, Decision } from '../../machines/approvals.js';
import type { DecisionRequest } from '../../schemas/approvals.js';
import type { Repositories } from '../../storage/index.js';
import type { ActionRow } from '../../storage/repositories/approvals.js';
import type { WorkspaceRow } from '../../storage/repositories/workspaces.js';
import type { ActorHost } from '../actors/actorHost.js';
import { ActorStoppedError } from '../actors/actorStoppedError.js';
import type { Clock } from '../clock.js';
import { ServiceError, errors } from '../errors.js';
import type { EngineMachines } from '../outcomes/engineMachines.js';

export interface Decisions {
  /**
   * Answers an outcome's pending action. The same decision again replays the first answer; the
   * other decision after one is 409 `action_already_resolved`. Answers the action as stored after
   * the decision committed (the outcome has moved on by then: queued again, completed or failed).
   */
  decide(workspace: WorkspaceRow, outcomeId: string, actionId: string, request: DecisionRequest, decider: Decider): Promise<ActionRow>;
}

function alreadyResolved(row: ActionRow, resolution: Record<string, unknown>): ServiceError {
  if (row.status === 'cancelled') return errors.conflict('action_not_pending', `Action ${row.id} was closed: its outcome was cancelled.`, { action_id: row.id, outcome_id: row.outcome_id });
  return errors.conflict('action_already_resolved', `Action ${row.id} was already ${row.status === 'pending' ? 'decided' : row.status}.`, {
    action_id: row.id,
    outcome_id: row.outcome_id,
    decision: resolution.decision,
    decided_at: resolution.decided_at,
  });
}

/**
 * Decisions applied to the outcome actor on this process (the owner; forwardedDecisions.ts
 * routes them there). The actor is the referee: a DECIDE is taken only while the action is open,
 * so of two decisions racing on the owner one wins and the other finds the answer there.
 */
export function createDecisions(deps: { repos: Repositories; clock: Clock; host: Pick<ActorHost, 'flushed'>; machines: Pick<EngineMachines, 'outcome'> }): Decisions {
  async function actionOf(workspaceId: string, outcomeId: string, actionId: string): Promise<ActionRow> {
    const row = await deps.repos.approvals.get(workspaceId, actionId);
    if (!row || row.outcome_id !== outcomeId) throw errors.notFound(`Action ${actionId}`, { outcome_id: outcomeId, action_id: actionId });
    return row;
  }

  /** The earlier answer's replay, or the 409 for the other decision. */
  function answered(row: ActionRow, resolution: Record<string, unknown>, decision: Decision): ActionRow {
    if (resolution.decision !== decision) throw alreadyResolved(row, resolution);
    return row;
  }

  return {
    async decide(workspace, outcomeId, actionId, request, decider) {
      const row = await actionOf(workspace.id, outcomeId, actionId);
      if (row.resolution) return answered(row, row.resolution, request.decision);
      const actor = await deps.machines.outcome.load(outcomeId).catch((error: unknown) => {
        if (error instanceof ActorStoppedError) throw errors.conflict('action_not_pending', `Outcome ${outcomeId} was stopped; its action can no longer be decided.`, { action_id: actionId });
        throw error;
      });
      const context = actor.getSnapshot().context;
      const earlier = context.lastResolution?.id === actionId ? context.lastResolution : null;
      if (earlier) return answered({ ...row, status: earlier.decision === 'approve' ? 'approved' : 'rejected', resolution: earlier }, earlier, request.decision);
      if (context.pendingAction?.id !== actionId || !actor.getSnapshot().matches('awaiting_approval')) {
        throw errors.conflict('action_not_pending', `Action ${actionId} is not waiting for a decision (the outcome is no longer waiting for it).`, { action_id: actionId, outcome_id: outcomeId });
      }
      actor.send({ type: 'DECIDE', at: deps.clock.now().toISOString(), actionId, decision: request.decision, comment: request.comment ?? null, content: request.content ?? null, decidedBy: decider });
      if (actor.getSnapshot().context.lastResolution?.id !== actionId) throw errors.conflict('action_not_pending', `Action ${actionId} could not be decided.`, { action_id: actionId });
      await deps.host.flushed();
      return actionOf(workspace.id, outcomeId, actionId);
    },
  };
}
