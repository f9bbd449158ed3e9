import type { Repositories } from '../../storage/index.js';
import type { Scheduler } from '../scheduler/scheduler.js';
import { ServiceError } from '../errors.js';
import { expiryTimerKind } from './approvalSlots.js';
import type { Decisions } from './decisions.js';

/**
 * The expiry of approvals (issue 27): each open action has a durable timer (written with the
 * transition that opened it) due at its `expires_at`. The scheduler claims a due timer on one
 * process (SKIP LOCKED on Postgres), and its handler applies the action's `on_expiry` as a decision
 * by `expiry` through the decisions that reach the outcome's owner. An action answered meanwhile
 * makes the timer a no-op (its 409 or replay is the answer), so a timer fired twice decides once.
 */
export function installApprovalExpiry(scheduler: Pick<Scheduler, 'register'>, deps: { repos: Repositories; decisions: Decisions }): void {
  scheduler.register(expiryTimerKind, async (timer) => {
    const { outcome_id: outcomeId, workspace_id: workspaceId, action_id: actionId } = timer.payload as { outcome_id: string; workspace_id: string; action_id: string };
    const [row, workspace] = await Promise.all([deps.repos.approvals.get(workspaceId, actionId), deps.repos.workspaces.get(workspaceId)]);
    if (!row || !workspace || row.status !== 'pending') return;
    try {
      await deps.decisions.decide(workspace, outcomeId, actionId, { decision: row.on_expiry === 'approve' ? 'approve' : 'reject', comment: `Expired at ${row.expires_at}.` }, { type: 'expiry', id: null });
    } catch (error) {
      // Decided meanwhile (409), or the outcome left the wait (cancelled): nothing to expire.
      if (error instanceof ServiceError && error.status < 500) return;
      throw error;
    }
  });
}
