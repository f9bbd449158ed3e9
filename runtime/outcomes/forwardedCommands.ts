import type { OutcomeRow } from '../../storage/repositories/outcomes.js';
import type { RevisionRow } from '../../storage/repositories/revisions.js';
import type { WorkspaceRow } from '../../storage/repositories/workspaces.js';
import { ActorOwnedElsewhereError } from '../actors/actorOwnedElsewhereError.js';
import type { CommandForwarding } from '../actors/commandForwarding.js';
import { errors } from '../errors.js';
import type { Outcomes } from './outcomes.js';
import type { ReviseRequest } from '../../schemas/outcomes.js';

/**
 * The outcome commands that act on a running actor (cancel, revise, retry) on several processes
 * sharing one Postgres database: a command for an outcome another process holds is forwarded to
 * that process (runtime/actors/commandForwarding.ts) and answered as it answered, the same status
 * and body as a local command. The outcome's actor id is the outcome id.
 */

/** On a process that runs actors: applies forwarded outcome commands with the local commands. */
export function handleOutcomeCommands(forwarding: CommandForwarding, outcomes: Outcomes, workspaces: { get(id: string): Promise<WorkspaceRow | undefined> }): void {
  const workspaceOf = async (workspaceId: string | null, outcomeId: string): Promise<WorkspaceRow> => {
    const workspace = workspaceId ? await workspaces.get(workspaceId) : undefined;
    if (!workspace) throw errors.notFound(`Outcome ${outcomeId}`, { outcome_id: outcomeId });
    return workspace;
  };
  forwarding.handle('outcome.cancel', async ({ actorId, workspaceId }) => outcomes.cancel(await workspaceOf(workspaceId, actorId), actorId));
  forwarding.handle('outcome.retry', async ({ actorId, workspaceId }) => outcomes.retry(await workspaceOf(workspaceId, actorId), actorId));
  forwarding.handle('outcome.revise', async ({ actorId, workspaceId, args }) => outcomes.revise(await workspaceOf(workspaceId, actorId), actorId, args as ReviseRequest));
}

/**
 * Outcomes whose cancel, revise and retry reach the outcome's owner wherever it runs. `local`:
 * this process runs actors, so it tries the command here first and forwards only when another
 * process holds the outcome (nothing is written before that is known); an API-only process
 * forwards every such command (it must not run the actor itself).
 */
export function forwardingOutcomes(outcomes: Outcomes, forwarding: CommandForwarding, local: boolean): Outcomes {
  async function routed<T>(kind: string, workspace: WorkspaceRow, outcomeId: string, args: unknown, here: () => Promise<T>): Promise<T> {
    if (local) {
      // The client's retry of a command that answered 503 (owner unresponsive): that command's answer.
      const earlier = await forwarding.rejoin(kind, outcomeId, args);
      if (earlier) return earlier.value as T;
      try {
        return await here();
      } catch (error) {
        if (!(error instanceof ActorOwnedElsewhereError)) throw error;
      }
    }
    // The owner's answer: an OutcomeRow or RevisionRow as JSON (plain strings, numbers and objects).
    return (await forwarding.forward(kind, outcomeId, workspace.id, args)) as T;
  }
  return {
    ...outcomes,
    cancel: (workspace, outcomeId) => routed<OutcomeRow>('outcome.cancel', workspace, outcomeId, {}, () => outcomes.cancel(workspace, outcomeId)),
    retry: (workspace, outcomeId) => routed<OutcomeRow>('outcome.retry', workspace, outcomeId, {}, () => outcomes.retry(workspace, outcomeId)),
    revise: (workspace, outcomeId, request) => routed<RevisionRow>('outcome.revise', workspace, outcomeId, request, () => outcomes.revise(workspace, outcomeId, request)),
  };
}
