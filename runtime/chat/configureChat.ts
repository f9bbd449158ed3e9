import type { ChatApi } from '../../plugins/chat/chatApi.js';
import { ChatApiError } from '../../plugins/chat/chatApiError.js';
import { withDefaults, type ChatConfiguration } from './chatConfiguration.js';
import { checkTeam } from './checkTeam.js';
import type { ChatServiceDeps } from './chatServiceDeps.js';

export type ConfigureDeps = Pick<ChatServiceDeps, 'integrations' | 'cipher' | 'clock' | 'schedule' | 'ensureToolConnection'>;

/**
 * Checks the token and the listed channels, then stores both (token encrypted). Invariants: nothing
 * is written unless the token matches `team_id` and every listed channel is readable (a private one
 * only with the bot in it; a `forbidden` failure names the channel); a re-configure keeps the
 * integration's sync state, history and creation time.
 */
export async function configureChat(deps: ConfigureDeps, api: ChatApi, workspaceId: string, input: { access_token: string; team_id: string; configuration: Partial<ChatConfiguration> }) {
  const { integrations, cipher, clock } = deps;
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
}
