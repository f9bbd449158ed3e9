import type { KnowledgeBaseRepository } from '../../storage/repositories/knowledgeBase.js';
import type { Clock } from '../clock.js';
import type { ChatApi, ChatMessage } from '../../plugins/chat/chatApi.js';
import { chatLimits } from './chatConfiguration.js';
import { asService } from './chatErrors.js';
import { withMembership } from './channelAccess.js';
import { keepMessage, plainText, tsToIso } from './messageFilter.js';
import { knowledgeRow } from './knowledgeRows.js';
import { resolveChannel } from './resolveChannel.js';

export interface LegacyEndpointsDeps {
  knowledgeBase: KnowledgeBaseRepository;
  clock: Clock;
  /** A chat API client that fails fast on a rate limit (a caller is waiting). */
  interactive(token: string): ChatApi;
}

/**
 * The legacy chat endpoints (post, messages, ingest), which take a token per call and store no
 * integration. Invariants: a channel is named by id or name (resolveChannel); a public channel the
 * bot is not in is joined first (withMembership); chat API failures become service errors (asService);
 * an ingest keeps the workspace within its message cap.
 */
export function createLegacyEndpoints(deps: LegacyEndpointsDeps) {
  const { knowledgeBase: kb, clock, interactive } = deps;
  return {
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
        const rows = messages.slice(0, input.limit).map((message) => knowledgeRow({ workspaceId, teamId: who.teamId }, channel, message, plainText(message.text ?? '')));
        await kb.upsertMessages(rows, now);
        await kb.trimWorkspace(workspaceId, chatLimits.messagesPerWorkspace);
        return { status: 'ingested' as const, team_id: who.teamId, channel: channel.id, channel_name: channel.name, ingested: rows.length };
      }),
  };
}
