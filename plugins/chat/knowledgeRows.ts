import type { ConversationMessage } from '../contract.js';
import type { ChatChannel, ChatMessage } from './chatApi.js';
import type { ChannelSyncContext } from './channelSyncContext.js';
import { withMembership } from './channelAccess.js';
import { keepMessage, tsToIso } from './messageFilter.js';
import { messageText } from './messageText.js';

/** The knowledge-base row of one chat message of `channel`, stored under the given team (the source). */
export function knowledgeRow(scope: { teamId: string }, channel: Pick<ChatChannel, 'id' | 'name'>, message: ChatMessage, text: string): ConversationMessage {
  return {
    source_id: scope.teamId,
    channel_id: channel.id,
    channel_name: channel.name,
    ts: message.ts,
    thread_ts: message.thread_ts ?? null,
    author: message.user ?? null,
    text,
    posted_at: tsToIso(message.ts),
  };
}

/**
 * The knowledge-base rows for chat messages of one channel. Invariants: the order of `raw` is kept
 * (newest first from history); messages the filter drops (keepMessage) or whose text is blank are
 * left out; files are read one at a time, in order.
 */
export async function knowledgeRows(ctx: Pick<ChannelSyncContext, 'api' | 'request' | 'channel' | 'config'>, raw: ChatMessage[]): Promise<ConversationMessage[]> {
  const { api, request, channel, config } = ctx;
  const rows: ConversationMessage[] = [];
  for (const message of raw) {
    if (!keepMessage(message, config.filterMentionsOnly)) continue;
    const text = await messageText(api, message, config.includeFiles);
    if (!text.trim()) continue;
    rows.push(knowledgeRow(request, channel, message, text));
  }
  return rows;
}

/**
 * The rows of one thread's replies (newer than `oldest` when given). Invariant: the parent is never
 * among them; it is stored from the history page (or already stored).
 */
export async function threadRows(ctx: Pick<ChannelSyncContext, 'api' | 'request' | 'channel' | 'config'>, threadTs: string, oldest: string | undefined): Promise<ConversationMessage[]> {
  const { api, channel } = ctx;
  const replies = await withMembership(api, channel, () => api.replies(channel.id, threadTs, oldest));
  // The parent comes back first; it is stored from the history page (or already stored).
  return knowledgeRows(ctx, replies.filter((reply) => reply.ts !== threadTs));
}
