import { ActorOwnedElsewhereError } from '../actors/actorOwnedElsewhereError.js';
import type { CommandForwarding } from '../actors/commandForwarding.js';
import { chatSyncActorId } from './syncHost.js';

/** What starting a chat sync answers: the run and whether this call started it; undefined when the team is not configured. */
type SyncAnswer = { runId: string; started: boolean } | undefined;
type RequestSync = (workspaceId: string, teamId: string, initial: boolean) => Promise<SyncAnswer>;

/**
 * A chat sync requested on a process while another process holds the team's sync actor (several
 * processes on one Postgres) is forwarded to that process, which answers `started` or
 * `already_running` as it would locally (runtime/actors/commandForwarding.ts). `local`: this
 * process runs actors and tries here first; an API-only process forwards every request.
 */
export function forwardingRequestSync(requestSync: RequestSync, forwarding: CommandForwarding, local: boolean): RequestSync {
  return async (workspaceId, teamId, initial) => {
    if (local) {
      try {
        return await requestSync(workspaceId, teamId, initial);
      } catch (error) {
        if (!(error instanceof ActorOwnedElsewhereError)) throw error;
      }
    }
    const answer = await forwarding.forward('chat.sync', chatSyncActorId(workspaceId, teamId), workspaceId, { teamId, initial });
    return (answer ?? undefined) as SyncAnswer;
  };
}

/** On a process that runs actors: starts forwarded chat syncs with the local sync host. */
export function handleChatSyncCommands(forwarding: CommandForwarding, requestSync: RequestSync): void {
  forwarding.handle('chat.sync', async ({ workspaceId, args }) => {
    const { teamId, initial } = args as { teamId: string; initial: boolean };
    return (await requestSync(workspaceId ?? '', teamId, initial)) ?? null;
  });
}
