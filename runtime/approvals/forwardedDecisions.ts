import type { Decider } from '../../machines/approvals.js';
import type { WorkspaceRow } from '../../storage/repositories/workspaces.js';
import { ActorOwnedElsewhereError } from '../actors/actorOwnedElsewhereError.js';
import type { CommandForwarding } from '../actors/commandForwarding.js';
import { errors } from '../errors.js';
import type { DecisionRequest } from '../../schemas/approvals.js';
import type { Decisions } from './decisions.js';

const kind = 'outcome.decide';

/** On a process that runs actors: applies decisions forwarded by other processes. */
export function handleDecisions(forwarding: CommandForwarding, decisions: Decisions, workspaces: { get(id: string): Promise<WorkspaceRow | undefined> }): void {
  forwarding.handle(kind, async ({ actorId, workspaceId, args }) => {
    const workspace = workspaceId ? await workspaces.get(workspaceId) : undefined;
    if (!workspace) throw errors.notFound(`Outcome ${actorId}`, { outcome_id: actorId });
    const { actionId, request, decider } = args as { actionId: string; request: DecisionRequest; decider: Decider };
    return decisions.decide(workspace, actorId, actionId, request, decider);
  });
}

/**
 * Decisions that reach the outcome's owner wherever it runs (Postgres, several processes), the way
 * cancel, revise and retry do (runtime/outcomes/forwardedCommands.ts): tried here first when this
 * process runs actors, forwarded when another process holds the outcome; an API-only process
 * forwards every decision.
 */
export function forwardingDecisions(decisions: Decisions, forwarding: CommandForwarding, local: boolean): Decisions {
  return {
    async decide(workspace, outcomeId, actionId, request, decider) {
      const args = { actionId, request, decider };
      if (local) {
        const earlier = await forwarding.rejoin(kind, outcomeId, args);
        if (earlier) return earlier.value as Awaited<ReturnType<Decisions['decide']>>;
        try {
          return await decisions.decide(workspace, outcomeId, actionId, request, decider);
        } catch (error) {
          if (!(error instanceof ActorOwnedElsewhereError)) throw error;
        }
      }
      return (await forwarding.forward(kind, outcomeId, workspace.id, args)) as Awaited<ReturnType<Decisions['decide']>>;
    },
  };
}
