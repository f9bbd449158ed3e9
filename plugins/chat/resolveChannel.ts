import type { ChatApi, ChatChannel } from './chatApi.js';
import { ChatApiError } from './chatApiError.js';

const channelIdPattern = /^[CGD][A-Z0-9]{2,}$/;

/**
 * A channel by id, or by name (`#eng` or `eng`) through the channel list. Invariant: a name no
 * listed channel carries is a `forbidden` ChatApiError `channel_not_found` naming the channel, so it
 * reads like an id the token cannot see.
 */
export async function resolveChannel(api: ChatApi, channel: string): Promise<ChatChannel> {
  if (channelIdPattern.test(channel)) return api.channelInfo(channel);
  const name = channel.replace(/^#/, '');
  const found = (await api.listChannels(false)).find((candidate) => candidate.name === name);
  if (!found) throw new ChatApiError('forbidden', 'channel_not_found', `Channel ${channel} was not found.`, { channel });
  return found;
}
