import { errors } from '../errors.js';
import type { ChatConfiguration } from './chatConfiguration.js';
import { asService } from './chatErrors.js';
import { listChannels } from './channelListing.js';
import { chatStatus } from './chatStatus.js';
import { configureChat } from './configureChat.js';
import { createLegacyEndpoints } from './legacyEndpoints.js';
import { ownIntegration } from './ownIntegration.js';
import type { ChatServiceDeps } from './chatServiceDeps.js';

export type { ChatServiceDeps } from './chatServiceDeps.js';

/**
 * The chat-tool integration behind /api/chat (spec: Chat-tool integration). Every call is scoped
 * by the crewd workspace; `team_id` names the chat workspace within it. Chat API failures become
 * 401 / 403 / 429 / 500 service errors (runtime/chat/chatErrors.ts).
 */
export function createChatService(deps: ChatServiceDeps) {
  const { integrations, knowledgeBase: kb, cipher, clock } = deps;
  const interactive = (token: string) => deps.api(token, { waitOnRateLimit: false });

  return {
    /** Channels the token can reach: every public one, private ones the bot is in. */
    channels: (workspaceId: string, input: { access_token: string; team_id: string }) =>
      asService(async () => {
        void workspaceId;
        return listChannels(interactive(input.access_token), input.team_id);
      }),

    /** Checks the token and the listed channels, then stores both (token encrypted). */
    configure: (workspaceId: string, input: { access_token: string; team_id: string; configuration: Partial<ChatConfiguration> }) =>
      asService(async () => configureChat(deps, interactive(input.access_token), workspaceId, input)),

    /** Starts a run (initial: backfill; else only newer than each channel's checkpoint). */
    sync: (workspaceId: string, input: { team_id: string; initial_sync: boolean }) =>
      asService(async () => {
        const row = await ownIntegration(integrations, workspaceId, input.team_id);
        // A dead token is the caller's to fix: say so now rather than in the status later.
        await interactive(cipher.decrypt(row.token)).authTest();
        const run = await deps.host.requestSync(workspaceId, input.team_id, input.initial_sync);
        if (!run) throw errors.notFound(`Chat integration for team ${input.team_id}`, { team_id: input.team_id });
        return { status: run.started ? ('started' as const) : ('already_running' as const), team_id: input.team_id, run_id: run.runId, initial_sync: input.initial_sync };
      }),

    status: (workspaceId: string, teamId: string) => chatStatus(deps, workspaceId, teamId),

    /** Deletes the token, stops its syncs (scheduled and running) and purges its messages. */
    async disconnect(workspaceId: string, teamId: string) {
      await ownIntegration(integrations, workspaceId, teamId);
      await deps.host.stopTeam(workspaceId, teamId);
      await integrations.remove(workspaceId, teamId);
      const deleted = await kb.purgeTeam(workspaceId, teamId);
      return { status: 'disconnected' as const, team_id: teamId, messages_deleted: deleted };
    },

    ...createLegacyEndpoints({ knowledgeBase: kb, clock, interactive }),
  };
}

export type ChatService = ReturnType<typeof createChatService>;
