import type { ChatApi, ChatChannel } from './chatApi.js';
import { ChatApiError, isNoAccess } from './chatApiError.js';
import type { ChatConfiguration } from './chatConfiguration.js';

/** A channel the sync will read, or one it skips and why. */
export type ChannelDecision = { channel: ChatChannel; readable: true } | { channelId: string; name: string; readable: false; reason: 'no_access' | 'archived' | 'not_member' };

/**
 * Which channels a configuration reaches (spec: public channels are accessible; private ones only
 * where the bot is invited). `onlyMemberChannels` drops public channels the bot has not joined,
 * `excludeArchived` drops archived ones. With no channel list, every accessible channel counts.
 */
export async function decideChannels(api: ChatApi, config: ChatConfiguration): Promise<ChannelDecision[]> {
  let channels: Array<ChatChannel | { id: string; missing: true }>;
  if (config.channels.length === 0) {
    channels = await api.listChannels(config.excludeArchived);
  } else {
    channels = [];
    for (const id of config.channels) {
      try {
        channels.push(await api.channelInfo(id));
      } catch (error) {
        if (!isNoAccess(error)) throw error;
        channels.push({ id, missing: true });
      }
    }
  }
  return channels.map((channel): ChannelDecision => {
    if ('missing' in channel) return { channelId: channel.id, name: channel.id, readable: false, reason: 'no_access' };
    if (channel.is_private && !channel.is_member) return { channelId: channel.id, name: channel.name, readable: false, reason: 'no_access' };
    if (config.excludeArchived && channel.is_archived) return { channelId: channel.id, name: channel.name, readable: false, reason: 'archived' };
    if (config.onlyMemberChannels && !channel.is_member) return { channelId: channel.id, name: channel.name, readable: false, reason: 'not_member' };
    return { channel, readable: true };
  });
}

/**
 * Reads with `read`, joining a public channel first when the bot is not in it. A private
 * channel (or a failed join) stays `forbidden`.
 */
export async function withMembership<T>(api: ChatApi, channel: ChatChannel, read: () => Promise<T>): Promise<T> {
  if (!channel.is_member && !channel.is_private) {
    await api.join(channel.id);
    channel.is_member = true;
  }
  try {
    return await read();
  } catch (error) {
    if (!(error instanceof ChatApiError) || error.chatError !== 'not_in_channel' || channel.is_private) throw error;
    await api.join(channel.id);
    return read();
  }
}
