import type { PluginContext } from '../contract.js';
import type { ChatApi, ChatMessage } from './chatApi.js';
import type { ChatErrors } from './chatErrors.js';
import { withMembership } from './channelAccess.js';
import { keepMessage, plainText, tsToIso } from './messageFilter.js';
import { knowledgeRow } from './knowledgeRows.js';
import { resolveChannel } from './resolveChannel.js';
import { conversationsOf } from './conversationsOf.js';

export interface LegacyEndpointsDeps {
  /** A chat API client that fails fast on a rate limit (a caller is waiting). */
  interactive(token: string): ChatApi;
  errors: ChatErrors;
}

/**
 * The legacy chat endpoints (post, messages, ingest), which take a token per call and store no
 * integration. Invariants: a channel is named by id or name (resolveChannel); a public channel the
 * bot is not in is joined first (withMembership); chat API failures become service errors (asService);
 * an ingest keeps the workspace within its message cap.
 */
export function createLegacyEndpoints(deps: LegacyEndpointsDeps) {
  const { interactive } = deps;
  const { asService } = deps.errors;
  return {
    /** Legacy: sends a message. */
    legacyPost: (_context: PluginContext, input: { token: string; channel: string; text: string }) =>
      asService(async () => {
        const api = interactive(input.token);
        const channel = await resolveChannel(api, input.channel);
        const posted = await withMembership(api, channel, () => api.post(channel.id, input.text));
        const permalink = await api.permalink(posted.channel, posted.ts).catch(() => null);
        return { ok: true as const, channel: posted.channel, ts: posted.ts, permalink };
      }),

    /** Legacy: the newest messages of a channel, read live from the chat tool. */
    legacyMessages: (_context: PluginContext, input: { token: string; channel: string; limit: number }) =>
      asService(async () => {
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
    legacyIngest: (context: PluginContext, input: { token: string; channel: string; limit: number }) =>
      asService(async () => {
        const conversations = conversationsOf(context);
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
        const rows = messages.slice(0, input.limit).map((message) => knowledgeRow({ teamId: who.teamId }, channel, message, plainText(message.text ?? '')));
        await conversations.store(rows);
        await conversations.enforceLimits(who.teamId);
        return { status: 'ingested' as const, team_id: who.teamId, channel: channel.id, channel_name: channel.name, ingested: rows.length };
      }),
  };
}
