import type { ChatApi, ChatChannel } from './chatApi.js';
import type { ChatErrors } from './chatErrors.js';
import { checkTeam } from './checkTeam.js';

function channelView(channel: ChatChannel) {
  return { id: channel.id, name: channel.name, is_private: channel.is_private, is_archived: channel.is_archived, is_member: channel.is_member, num_members: channel.num_members };
}

/**
 * Channels the token can reach: every public one, private ones the bot is in. Invariant: the token
 * is checked against `teamId` first; nothing is stored.
 */
export async function listChannels(api: ChatApi, errors: ChatErrors, teamId: string) {
  await checkTeam(api, errors, teamId);
  const channels = (await api.listChannels(false)).filter((channel) => !channel.is_private || channel.is_member);
  return { team_id: teamId, channels: channels.map(channelView), total_count: channels.length };
}
