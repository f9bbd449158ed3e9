import type { PluginContext } from '../contract.js';
import type { ChatApi } from './chatApi.js';
import { ChatApiError } from './chatApiError.js';
import { withDefaults, type ChatConfiguration } from './chatConfiguration.js';
import { checkTeam } from './checkTeam.js';
import type { ChatServiceDeps } from './chatServiceDeps.js';
import { nextSlot } from './syncSchedule.js';

export type ConfigureDeps = Pick<ChatServiceDeps, 'teams' | 'errors' | 'connect'>;

/**
 * Checks the token and the listed channels, then stores both (token encrypted). Invariants: nothing
 * is written unless the token matches `team_id` and every listed channel is readable (a private one
 * only with the bot in it; a `forbidden` failure names the channel); a re-configure keeps the
 * integration's sync state, history and creation time.
 */
export async function configureChat(deps: ConfigureDeps, context: PluginContext, api: ChatApi, input: { access_token: string; team_id: string; configuration: Partial<ChatConfiguration> }) {
  const { teams } = deps;
  const { workspaceId, clock } = context;
  const who = await checkTeam(api, deps.errors, input.team_id);
  const configuration = withDefaults(input.configuration);
  for (const id of configuration.channels) {
    const channel = await api.channelInfo(id).catch((error: unknown) => {
      if (error instanceof ChatApiError && error.kind === 'forbidden') throw new ChatApiError('forbidden', error.chatError, error.message, { ...error.extra, channel: id });
      throw error;
    });
    if (channel.is_private && !channel.is_member) throw new ChatApiError('forbidden', 'not_in_channel', `Channel ${id} is private and the bot is not in it.`, { channel: id });
  }
  const now = clock.now().toISOString();
  const existing = await teams.get(workspaceId, input.team_id);
  await teams.save({
    workspace_id: workspaceId,
    team_id: input.team_id,
    team_name: who.teamName,
    token: input.access_token,
    bot_user_id: who.botUserId,
    configuration: { ...configuration },
    created_at: existing?.created_at ?? now,
    updated_at: now,
  });
  const toolConnectionId = await deps.connect(workspaceId, { access_token: input.access_token });
  return { status: 'configured' as const, team_id: input.team_id, team_name: who.teamName, configuration, next_sync_at: nextSlot(clock.now()).toISOString(), tool_connection_id: toolConnectionId };
}
