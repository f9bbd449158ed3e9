import type { ChatIntegrationRow, ChatIntegrationsRepository } from '../../storage/repositories/chatIntegrations.js';
import type { KnowledgeBaseRepository } from '../../storage/repositories/knowledgeBase.js';
import type { Clock } from '../clock.js';
import { errors } from '../errors.js';
import type { SecretCipher } from '../secrets/cipher.js';
import type { ChatApi, ChatApiFactory, ChatChannel, ChatMessage } from '../../plugins/chat/chatApi.js';
import { ChatApiError } from '../../plugins/chat/chatApiError.js';
import { chatLimits, withDefaults, type ChatConfiguration } from './chatConfiguration.js';
import { asService } from './chatErrors.js';
import { withMembership } from './channelAccess.js';
import { keepMessage, plainText, tsToIso } from './messageFilter.js';
import type { ChatSyncHost } from './syncHost.js';
import type { ChatSyncSchedule } from './syncSchedule.js';

export interface ChatServiceDeps {
  integrations: ChatIntegrationsRepository;
  knowledgeBase: KnowledgeBaseRepository;
  cipher: SecretCipher;
  api: ChatApiFactory;
  host: ChatSyncHost;
  schedule: Pick<ChatSyncSchedule, 'nextRunAt'>;
  clock: Clock;
  /**
   * Called after a token is saved: creates the workspace's tool connection of server type `chat`
   * unless one exists (spec: Tool connections). Resolves with its id, or null where no tool
   * connection service is wired.
   */
  ensureToolConnection?(workspaceId: string, teamId: string, accessToken: string): Promise<string | null>;
}

const channelIdPattern = /^[CGD][A-Z0-9]{2,}$/;

/**
 * The chat-tool integration behind /api/chat (spec: Chat-tool integration). Every call is scoped
 * by the crewd workspace; `team_id` names the chat workspace within it. Chat API failures become
 * 401 / 403 / 429 / 500 service errors (runtime/chat/chatErrors.ts).
 */
export function createChatService(deps: ChatServiceDeps) {
  const { integrations, knowledgeBase: kb, cipher, clock } = deps;
  const interactive = (token: string) => deps.api(token, { waitOnRateLimit: false });

  async function own(workspaceId: string, teamId: string): Promise<ChatIntegrationRow> {
    const row = await integrations.get(workspaceId, teamId);
    if (!row) throw errors.notFound(`Chat integration for team ${teamId}`, { team_id: teamId });
    return row;
  }

  async function checkTeam(api: ChatApi, teamId: string) {
    const who = await api.authTest();
    if (who.teamId !== teamId) {
      throw errors.invalidRequest(`Field 'team_id' does not match the token's chat workspace.`, { field: 'team_id', reason: 'team_mismatch' });
    }
    return who;
  }

  /** A channel by id, or by name (`#eng` or `eng`) through the channel list. */
  async function resolveChannel(api: ChatApi, channel: string): Promise<ChatChannel> {
    if (channelIdPattern.test(channel)) return api.channelInfo(channel);
    const name = channel.replace(/^#/, '');
    const found = (await api.listChannels(false)).find((candidate) => candidate.name === name);
    if (!found) throw new ChatApiError('forbidden', 'channel_not_found', `Channel ${channel} was not found.`, { channel });
    return found;
  }

  function channelView(channel: ChatChannel) {
    return { id: channel.id, name: channel.name, is_private: channel.is_private, is_archived: channel.is_archived, is_member: channel.is_member, num_members: channel.num_members };
  }

  return {
    /** Channels the token can reach: every public one, private ones the bot is in. */
    channels: (workspaceId: string, input: { access_token: string; team_id: string }) =>
      asService(async () => {
        void workspaceId;
        const api = interactive(input.access_token);
        await checkTeam(api, input.team_id);
        const channels = (await api.listChannels(false)).filter((channel) => !channel.is_private || channel.is_member);
        return { team_id: input.team_id, channels: channels.map(channelView), total_count: channels.length };
      }),

    /** Checks the token and the listed channels, then stores both (token encrypted). */
    configure: (workspaceId: string, input: { access_token: string; team_id: string; configuration: Partial<ChatConfiguration> }) =>
      asService(async () => {
        const api = interactive(input.access_token);
        const who = await checkTeam(api, input.team_id);
        const configuration = withDefaults(input.configuration);
        for (const id of configuration.channels) {
          const channel = await api.channelInfo(id).catch((error: unknown) => {
            if (error instanceof ChatApiError && error.kind === 'forbidden') throw new ChatApiError('forbidden', error.chatError, error.message, { ...error.extra, channel: id });
            throw error;
          });
          if (channel.is_private && !channel.is_member) throw new ChatApiError('forbidden', 'not_in_channel', `Channel ${id} is private and the bot is not in it.`, { channel: id });
        }
        const now = clock.now().toISOString();
        const existing = await integrations.get(workspaceId, input.team_id);
        await integrations.save({
          workspace_id: workspaceId,
          team_id: input.team_id,
          team_name: who.teamName,
          token: cipher.encrypt(input.access_token),
          bot_user_id: who.botUserId,
          configuration: configuration as unknown as Record<string, unknown>,
          sync_state: existing?.sync_state ?? 'idle',
          sync_snapshot: existing?.sync_snapshot ?? null,
          last_sync_started_at: existing?.last_sync_started_at ?? null,
          last_sync_at: existing?.last_sync_at ?? null,
          last_error: existing?.last_error ?? null,
          last_scheduled_slot: existing?.last_scheduled_slot ?? null,
          created_at: existing?.created_at ?? now,
          updated_at: now,
        });
        const toolConnectionId = deps.ensureToolConnection ? await deps.ensureToolConnection(workspaceId, input.team_id, input.access_token) : null;
        return { status: 'configured' as const, team_id: input.team_id, team_name: who.teamName, configuration, next_sync_at: deps.schedule.nextRunAt(), tool_connection_id: toolConnectionId };
      }),

    /** Starts a run (initial: backfill; else only newer than each channel's checkpoint). */
    sync: (workspaceId: string, input: { team_id: string; initial_sync: boolean }) =>
      asService(async () => {
        const row = await own(workspaceId, input.team_id);
        // A dead token is the caller's to fix: say so now rather than in the status later.
        await interactive(cipher.decrypt(row.token)).authTest();
        const run = await deps.host.requestSync(workspaceId, input.team_id, input.initial_sync);
        if (!run) throw errors.notFound(`Chat integration for team ${input.team_id}`, { team_id: input.team_id });
        return { status: run.started ? ('started' as const) : ('already_running' as const), team_id: input.team_id, run_id: run.runId, initial_sync: input.initial_sync };
      }),

    async status(workspaceId: string, teamId: string) {
      // The actor's latest transition is written asynchronously: read after it landed.
      await deps.host.flushed(workspaceId, teamId);
      const row = await own(workspaceId, teamId);
      const [counts, checkpoints] = await Promise.all([kb.channelCounts(workspaceId, teamId), integrations.checkpoints(workspaceId, teamId)]);
      const byId = new Map(counts.map((count) => [count.channel_id, count]));
      const ids = [...new Set([...checkpoints.map((c) => c.channel_id), ...counts.map((c) => c.channel_id)])].sort();
      const channels = ids.map((id) => {
        const checkpoint = checkpoints.find((c) => c.channel_id === id);
        const count = byId.get(id);
        return {
          channel_id: id,
          channel_name: checkpoint?.channel_name ?? count?.channel_name ?? id,
          message_count: count?.message_count ?? 0,
          synced_through: checkpoint?.synced_ts ? tsToIso(checkpoint.synced_ts) : null,
          last_synced_at: checkpoint?.last_synced_at ?? null,
        };
      });
      const running = deps.host.isRunning(workspaceId, teamId) || row.sync_state === 'syncing';
      return {
        team_id: teamId,
        team_name: row.team_name,
        state: running ? ('syncing' as const) : row.sync_state,
        running,
        last_sync_started_at: row.last_sync_started_at,
        last_sync_at: row.last_sync_at,
        next_sync_at: deps.schedule.nextRunAt(),
        last_error: row.last_error,
        total_messages: channels.reduce((sum, channel) => sum + channel.message_count, 0),
        configuration: withDefaults(row.configuration),
        channels,
      };
    },

    /** Deletes the token, stops its syncs (scheduled and running) and purges its messages. */
    async disconnect(workspaceId: string, teamId: string) {
      await own(workspaceId, teamId);
      await deps.host.stopTeam(workspaceId, teamId);
      await integrations.remove(workspaceId, teamId);
      const deleted = await kb.purgeTeam(workspaceId, teamId);
      return { status: 'disconnected' as const, team_id: teamId, messages_deleted: deleted };
    },

    /** Legacy: sends a message. */
    legacyPost: (workspaceId: string, input: { token: string; channel: string; text: string }) =>
      asService(async () => {
        void workspaceId;
        const api = interactive(input.token);
        const channel = await resolveChannel(api, input.channel);
        const posted = await withMembership(api, channel, () => api.post(channel.id, input.text));
        const permalink = await api.permalink(posted.channel, posted.ts).catch(() => null);
        return { ok: true as const, channel: posted.channel, ts: posted.ts, permalink };
      }),

    /** Legacy: the newest messages of a channel, read live from the chat tool. */
    legacyMessages: (workspaceId: string, input: { token: string; channel: string; limit: number }) =>
      asService(async () => {
        void workspaceId;
        const api = interactive(input.token);
        const channel = await resolveChannel(api, input.channel);
        const page = await withMembership(api, channel, () => api.history(channel.id, { limit: input.limit }));
        return {
          channel: channel.id,
          channel_name: channel.name,
          messages: page.messages.map((message) => ({
            ts: message.ts,
            user: message.user ?? null,
            text: plainText(message.text ?? ''),
            thread_ts: message.thread_ts ?? null,
            reply_count: message.reply_count ?? 0,
            posted_at: tsToIso(message.ts),
          })),
          has_more: page.nextCursor !== undefined,
        };
      }),

    /** Legacy: reads up to `limit` newest messages of a channel into the knowledge base. */
    legacyIngest: (workspaceId: string, input: { token: string; channel: string; limit: number }) =>
      asService(async () => {
        const api = interactive(input.token);
        const who = await api.authTest();
        const channel = await resolveChannel(api, input.channel);
        const messages: ChatMessage[] = [];
        let cursor: string | undefined;
        while (messages.length < input.limit) {
          const page = await withMembership(api, channel, () => api.history(channel.id, { limit: Math.min(200, input.limit - messages.length), cursor }));
          messages.push(...page.messages.filter((message) => keepMessage(message, false)));
          cursor = page.nextCursor;
          if (!cursor) break;
        }
        const now = clock.now().toISOString();
        const rows = messages.slice(0, input.limit).map((message) => ({
          workspace_id: workspaceId,
          team_id: who.teamId,
          channel_id: channel.id,
          channel_name: channel.name,
          ts: message.ts,
          thread_ts: message.thread_ts ?? null,
          author: message.user ?? null,
          text: plainText(message.text ?? ''),
          posted_at: tsToIso(message.ts),
        }));
        await kb.upsertMessages(rows, now);
        await kb.trimWorkspace(workspaceId, chatLimits.messagesPerWorkspace);
        return { status: 'ingested' as const, team_id: who.teamId, channel: channel.id, channel_name: channel.name, ingested: rows.length };
      }),
  };
}

export type ChatService = ReturnType<typeof createChatService>;
