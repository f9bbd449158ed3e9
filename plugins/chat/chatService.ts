import type { PluginContext } from '../contract.js';
import type { ChatConfiguration } from './chatConfiguration.js';
import { listChannels } from './channelListing.js';
import { chatStatus } from './chatStatus.js';
import { configureChat } from './configureChat.js';
import { conversationsOf } from './conversationsOf.js';
import { createLegacyEndpoints } from './legacyEndpoints.js';
import { ownIntegration } from './ownIntegration.js';
import { runsOf, syncRunner } from './runsOf.js';
import type { ChatServiceDeps } from './chatServiceDeps.js';

export type { ChatServiceDeps } from './chatServiceDeps.js';

/**
 * The chat-tool integration behind /api/chat (spec: Chat-tool integration). Every call gets the
 * chat plugin's context of the caller's crewd workspace; `team_id` names the chat workspace within
 * it. Chat API failures become 401 / 403 / 429 / 502 service errors (chatErrors.ts).
 */
export function createChatService(deps: ChatServiceDeps): ChatService {
  const { teams } = deps;
  const { asService } = deps.errors;
  const interactive = (token: string) => deps.api(token, { waitOnRateLimit: false });

  return {
    /** Channels the token can reach: every public one, private ones the bot is in. */
    channels: (_context: PluginContext, input: { access_token: string; team_id: string }) => asService(async () => listChannels(interactive(input.access_token), deps.errors, input.team_id)),

    /** Checks the token and the listed channels, then stores both (token encrypted). */
    configure: (context: PluginContext, input: { access_token: string; team_id: string; configuration: Partial<ChatConfiguration> }) =>
      asService(async () => configureChat(deps, context, interactive(input.access_token), input)),

    /** Starts a run (initial: backfill; else only newer than each channel's checkpoint). */
    sync: (context: PluginContext, input: { team_id: string; initial_sync: boolean }) =>
      asService(async () => {
        const row = await ownIntegration(teams, deps.errors, context.workspaceId, input.team_id);
        // A dead token is the caller's to fix: say so now rather than in the status later.
        await interactive(row.token).authTest();
        const run = await runsOf(context).start(syncRunner, input.team_id, { initial: input.initial_sync });
        return { status: run.started ? ('started' as const) : ('already_running' as const), team_id: input.team_id, run_id: run.runId, initial_sync: input.initial_sync };
      }),

    status: (context: PluginContext, teamId: string) => chatStatus(deps, context, teamId),

    /** Deletes the token, stops its syncs (scheduled and running) and purges its messages. */
    async disconnect(context: PluginContext, teamId: string) {
      await ownIntegration(teams, deps.errors, context.workspaceId, teamId);
      await runsOf(context).stop(syncRunner, teamId);
      await teams.remove(context.workspaceId, teamId);
      const deleted = await conversationsOf(context).purge(teamId);
      return { status: 'disconnected' as const, team_id: teamId, messages_deleted: deleted };
    },

    ...createLegacyEndpoints({ interactive, errors: deps.errors }),
  };
}

export interface ChatService {
  legacyPost: (context: PluginContext, input: { token: string; channel: string; text: string }) => Promise<{ ok: true; channel: string; ts: string; permalink: string | null }>;
  legacyMessages: (context: PluginContext, input: { token: string; channel: string; limit: number }) => Promise<{
    channel: string;
    channel_name: string;
    messages: { ts: string; user: string | null; text: string; thread_ts: string | null; reply_count: number; posted_at: string }[];
    has_more: boolean;
  }>;
  legacyIngest: (context: PluginContext, input: { token: string; channel: string; limit: number }) => Promise<{ status: 'ingested'; team_id: string; channel: string; channel_name: string; ingested: number }>;
  /** Channels the token can reach: every public one, private ones the bot is in. */
  channels: (context: PluginContext, input: { access_token: string; team_id: string }) => Promise<{
    team_id: string;
    channels: { id: string; name: string; is_private: boolean; is_archived: boolean; is_member: boolean; num_members: number | null }[];
    total_count: number;
  }>;
  /** Checks the token and the listed channels, then stores both (token encrypted). */
  configure: (context: PluginContext, input: { access_token: string; team_id: string; configuration: Partial<ChatConfiguration> }) => Promise<{ status: 'configured'; team_id: string; team_name: string; configuration: ChatConfiguration; next_sync_at: string; tool_connection_id: string | null }>;
  /** Starts a run (initial: backfill; else only newer than each channel's checkpoint). */
  sync: (context: PluginContext, input: { team_id: string; initial_sync: boolean }) => Promise<{ status: 'started' | 'already_running'; team_id: string; run_id: string; initial_sync: boolean }>;
  status: (context: PluginContext, teamId: string) => Promise<{
    team_id: string;
    team_name: string;
    state: 'error' | 'idle' | 'syncing';
    running: boolean;
    last_sync_started_at: string | null;
    last_sync_at: string | null;
    next_sync_at: string;
    last_error: { code: string; message: string; at: string } | null;
    total_messages: number;
    configuration: ChatConfiguration;
    channels: { channel_id: string; channel_name: string; message_count: number; synced_through: string | null; last_synced_at: string | null }[];
  }>;
  /** Deletes the token, stops its syncs (scheduled and running) and purges its messages. */
  disconnect(context: PluginContext, teamId: string): Promise<{ status: 'disconnected'; team_id: string; messages_deleted: number }>;
}

