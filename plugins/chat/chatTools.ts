import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { actionError, actionResult, integrationActionInputSchema, type PluginContext } from '../contract.js';
import { createChatApi, defaultChatApiUrl, type ChatApi } from './chatApi.js';
import { ChatApiError } from './chatApiError.js';

const channelIdPattern = /^[CGD][A-Z0-9]{2,}$/;

function api(context: PluginContext): ChatApi {
  return createChatApi(context.secrets.access_token ?? '', { apiUrl: context.apiUrls.chat ?? defaultChatApiUrl, waitOnRateLimit: false, retries: 2, fetch: context.fetch });
}

function failure(error: unknown) {
  if (error instanceof ChatApiError) {
    return actionError(`The chat tool refused the request: ${error.chatError}.`, {
      retryable: error.kind === 'rate_limited' || error.kind === 'failed',
      code: error.kind === 'auth' ? 'auth_required' : error.kind === 'forbidden' ? 'channel_forbidden' : error.kind === 'rate_limited' ? 'rate_limited' : 'vendor_error',
    });
  }
  return actionError(`The chat tool could not be reached: ${(error as Error).message}`, { retryable: true, code: 'vendor_error' });
}

/** A channel id from an id or a name (`#eng` / `eng`). */
async function channelId(chat: ChatApi, channel: string): Promise<string> {
  if (channelIdPattern.test(channel)) return channel;
  const name = channel.replace(/^#/, '');
  const found = (await chat.listChannels(true)).find((candidate) => candidate.name === name);
  if (!found) throw new ChatApiError('forbidden', 'channel_not_found', `Channel ${channel} was not found.`, { channel });
  return found.id;
}

/** The text of the completion notice; the reference line lets a replay find the first post. */
export function completionNotice(title: string, content: string, idempotencyKey: string): string {
  const summary = content.replace(/\s+/g, ' ').trim().slice(0, 600);
  return `*${title}* is ready.\n${summary}${summary.length === 600 ? '…' : ''}\n_ref ${idempotencyKey}_`;
}

/**
 * The chat tool (mind's "chat tool" integration) over its Slack-compatible Web API (the official
 * @slack/web-api client, base URL from CREWD_CHAT_API_URL via `apiUrls.chat`). Tools for agents:
 * post a message, search the synced messages (the workspace's knowledge base), read a thread.
 * The `notify_chat` flag posts a completion notice and answers `details {channel, message_ts,
 * permalink}`. Idempotent on the key: the key is remembered in the plugin's store once posted, and
 * a replay whose first post was cut off before that finds it by its reference line.
 */
export function registerChatTools(context: PluginContext): McpServer {
  const chat = api(context);
  const server = new McpServer({ name: 'crewd-chat', version: '1.0.0' });

  server.registerTool(
    'chat_post_message',
    { description: 'Post a message to a chat channel (id or #name).', inputSchema: z.object({ channel: z.string().min(1), text: z.string().min(1).max(40_000) }) },
    async ({ channel, text }) => {
      try {
        const posted = await chat.post(await channelId(chat, channel), text);
        const permalink = await chat.permalink(posted.channel, posted.ts).catch(() => null);
        return { content: [{ type: 'text', text: JSON.stringify({ channel: posted.channel, ts: posted.ts, permalink }) }], structuredContent: { channel: posted.channel, ts: posted.ts, permalink } };
      } catch (error) {
        return failure(error);
      }
    },
  );

  server.registerTool(
    'chat_search_messages',
    { description: "Search the workspace's synced chat messages; best matches first, each with its channel and date.", inputSchema: z.object({ query: z.string().min(1).max(2000), limit: z.number().int().min(1).max(50).optional() }) },
    async ({ query, limit }) => {
      if (!context.knowledge) return actionError('The knowledge base is not available.', { retryable: false, code: 'knowledge_unavailable' });
      const passages = await context.knowledge.search(query, { limit: limit ?? 10 });
      return { content: [{ type: 'text', text: JSON.stringify(passages) }], structuredContent: { passages } };
    },
  );

  server.registerTool(
    'chat_read_thread',
    { description: 'Read a thread: its first message and every reply, oldest first.', inputSchema: z.object({ channel: z.string().min(1), thread_ts: z.string().regex(/^\d+\.\d+$/) }) },
    async ({ channel, thread_ts }) => {
      try {
        const messages = (await chat.replies(await channelId(chat, channel), thread_ts)).map((m) => ({ ts: m.ts, user: m.user ?? null, text: m.text ?? '' }));
        return { content: [{ type: 'text', text: JSON.stringify(messages) }], structuredContent: { messages } };
      } catch (error) {
        return failure(error);
      }
    },
  );

  server.registerTool('chat_notify_completion', { description: 'Post the completion notice of an outcome (notify_chat).', inputSchema: integrationActionInputSchema }, async (input) => {
    const remembered = await context.kv.get<Record<string, unknown>>(`notice:${input.idempotency_key}`);
    if (remembered) return actionResult({ status: 'success', post_url: String(remembered.permalink ?? ''), details: remembered });
    try {
      const target = typeof input.flag_value === 'string' && input.flag_value ? input.flag_value : String(context.settings.channel ?? '');
      if (!target) return actionError('No channel: set notify_chat to a channel name or configure a default channel.', { retryable: false, code: 'channel_missing' });
      const id = await channelId(chat, target);
      // Search before create: a replay after a crash between the post and the store finds it.
      const marker = `_ref ${input.idempotency_key}_`;
      const recent = await chat.history(id, { limit: 50 });
      const previous = recent.messages.find((message) => (message.text ?? '').includes(marker));
      const ts = previous?.ts ?? (await chat.post(id, completionNotice(input.title, input.content, input.idempotency_key))).ts;
      const permalink = await chat.permalink(id, ts);
      const details = { channel: id, message_ts: ts, permalink };
      await context.kv.set(`notice:${input.idempotency_key}`, details);
      return actionResult({ status: 'success', post_url: permalink, details });
    } catch (error) {
      return failure(error);
    }
  });
  return server;
}
