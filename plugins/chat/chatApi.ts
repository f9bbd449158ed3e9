import type { WebAPICallResult, WebClient } from '@slack/web-api';
import { ChatApiError, chatErrorKind } from './chatApiError.js';

/** A channel as the chat API lists it. */
export interface ChatChannel {
  id: string;
  name: string;
  is_private: boolean;
  is_archived: boolean;
  is_member: boolean;
  num_members: number | null;
}

export interface ChatFile {
  id: string;
  name: string;
  mimetype: string;
  filetype: string;
  size: number;
  url_private_download?: string;
  url_private?: string;
}

/** A message as the chat API returns it (the fields crewd reads). */
export interface ChatMessage {
  ts: string;
  text?: string;
  user?: string;
  bot_id?: string;
  subtype?: string;
  thread_ts?: string;
  reply_count?: number;
  latest_reply?: string;
  files?: ChatFile[];
}

export interface ChatApiOptions {
  /** Web API base, e.g. https://slack.com/api/ (CREWD_CHAT_API_URL). */
  apiUrl: string;
  /**
   * True inside a sync: a 429 is waited out for its Retry-After and the call retried. False for
   * calls made on behalf of an HTTP caller: a 429 becomes a `rate_limited` ChatApiError at once.
   */
  waitOnRateLimit: boolean;
  /** Retries of a failed call (network errors, 5xx, 429 when waiting); short waits between them. */
  retries?: number;
  timeoutMs?: number;
  /** The fetch the client uses (a plugin passes the SSRF-guarded one of its context). */
  fetch?: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
}

const textTypes = /^(text\/|application\/(json|xml|x-yaml|yaml|csv|markdown|x-sh|javascript))/;
const textFiletypes = new Set(['text', 'markdown', 'md', 'csv', 'tsv', 'json', 'yaml', 'xml', 'javascript', 'typescript', 'python', 'shell', 'sql', 'html', 'css', 'post']);
const maxFileBytes = 512 * 1024;

/** True for uploaded files whose text crewd extracts (`includeFiles`). */
export function isTextFile(file: Pick<ChatFile, 'mimetype' | 'filetype' | 'size'>): boolean {
  return file.size <= maxFileBytes && (textTypes.test(file.mimetype ?? '') || textFiletypes.has(file.filetype ?? ''));
}

/**
 * The chat tool's Web API (Slack-compatible) through the official @slack/web-api client. Every
 * failure is thrown as a classified ChatApiError; `not_in_channel` and `channel_not_found` are
 * both "no access" (`forbidden`).
 */
export function createChatApi(token: string, options: ChatApiOptions): ChatApi {
  // The SDK (about 60 modules with its types and logger) loads on the first call, not at every start.
  let client: Promise<WebClient> | undefined;
  const connect = async (): Promise<WebClient> => {
    const { LogLevel, WebClient } = await import('@slack/web-api');
    return new WebClient(token, {
      slackApiUrl: options.apiUrl,
      // Short, bounded retries keep tests and callers fast; a 429's Retry-After is waited out by
      // the client itself before the retry when `waitOnRateLimit` is set.
      retryConfig: { retries: options.retries ?? 3, factor: 2, minTimeout: 20, maxTimeout: 500, randomize: false },
      rejectRateLimitedCalls: !options.waitOnRateLimit,
      timeout: options.timeoutMs ?? 30_000,
      allowAbsoluteUrls: false,
      ...(options.fetch ? { fetch: options.fetch } : {}),
      logLevel: LogLevel.ERROR,
      logger: { debug() {}, info() {}, warn() {}, error() {}, setLevel() {}, getLevel: () => LogLevel.ERROR, setName() {} },
    });
  };
  const apiOrigin = new URL(options.apiUrl).origin;

  async function call<T extends WebAPICallResult>(method: string, params: Record<string, unknown>): Promise<T> {
    try {
      return (await (await (client ??= connect())).apiCall(method, params)) as T;
    } catch (error) {
      throw classify(error, params.channel as string | undefined);
    }
  }

  return {
    /** The token's team and bot user. */
    async authTest(): Promise<{ teamId: string; teamName: string; botUserId: string }> {
      const result = await call<WebAPICallResult & { team_id?: string; team?: string; user_id?: string }>('auth.test', {});
      return { teamId: String(result.team_id ?? ''), teamName: String(result.team ?? ''), botUserId: String(result.user_id ?? '') };
    },

    /** Every public channel and every private channel the bot is in, all pages. */
    async listChannels(excludeArchived: boolean): Promise<ChatChannel[]> {
      const channels: ChatChannel[] = [];
      let cursor: string | undefined;
      do {
        const page = await call<WebAPICallResult & { channels?: Array<Record<string, unknown>> }>('conversations.list', {
          types: 'public_channel,private_channel',
          exclude_archived: excludeArchived,
          limit: 200,
          ...(cursor ? { cursor } : {}),
        });
        for (const channel of page.channels ?? []) channels.push(channelOf(channel));
        cursor = page.response_metadata?.next_cursor || undefined;
      } while (cursor);
      return channels;
    },

    async channelInfo(channel: string): Promise<ChatChannel> {
      const result = await call<WebAPICallResult & { channel?: Record<string, unknown> }>('conversations.info', { channel });
      return channelOf(result.channel ?? { id: channel });
    },

    /** Joins a public channel (the bot must be a member to read it). */
    async join(channel: string): Promise<void> {
      await call('conversations.join', { channel });
    },

    /** One page of a channel's history, newest first; `latest` and `oldest` are exclusive. */
    async history(channel: string, range: { oldest?: string | undefined; latest?: string | undefined; cursor?: string | undefined; limit: number }): Promise<{ messages: ChatMessage[]; nextCursor: string | undefined }> {
      const result = await call<WebAPICallResult & { messages?: ChatMessage[] }>('conversations.history', {
        channel,
        limit: range.limit,
        ...(range.oldest ? { oldest: range.oldest } : {}),
        ...(range.latest ? { latest: range.latest } : {}),
        ...(range.cursor ? { cursor: range.cursor } : {}),
      });
      return { messages: result.messages ?? [], nextCursor: result.response_metadata?.next_cursor || undefined };
    },

    /** A thread: the parent and its replies after `oldest` (all pages), oldest first. */
    async replies(channel: string, threadTs: string, oldest?: string): Promise<ChatMessage[]> {
      const messages: ChatMessage[] = [];
      let cursor: string | undefined;
      do {
        const page = await call<WebAPICallResult & { messages?: ChatMessage[] }>('conversations.replies', {
          channel,
          ts: threadTs,
          limit: 200,
          ...(oldest ? { oldest } : {}),
          ...(cursor ? { cursor } : {}),
        });
        messages.push(...(page.messages ?? []));
        cursor = page.response_metadata?.next_cursor || undefined;
      } while (cursor);
      return messages;
    },

    async fileInfo(fileId: string): Promise<ChatFile> {
      const result = await call<WebAPICallResult & { file?: ChatFile }>('files.info', { file: fileId });
      if (!result.file) throw new ChatApiError('not_found', 'file_not_found', `File ${fileId} was not found.`);
      return result.file;
    },

    /**
     * The text of an uploaded text-like file, downloaded with the bot token; null for other
     * files. Only URLs on the API's own origin or Slack's file host are fetched, so a message
     * cannot point the token at another server.
     */
    async fileText(file: ChatFile): Promise<string | null> {
      const info = file.url_private_download || file.url_private ? file : await this.fileInfo(file.id);
      if (!isTextFile(info)) return null;
      const url = new URL(info.url_private_download ?? info.url_private ?? '');
      if (url.origin !== apiOrigin && url.hostname !== 'files.slack.com') return null;
      const response = await (options.fetch ?? fetch)(url, { headers: { authorization: `Bearer ${token}` }, redirect: 'error', signal: AbortSignal.timeout(options.timeoutMs ?? 30_000) });
      if (!response.ok) throw new ChatApiError(response.status === 403 || response.status === 401 ? 'forbidden' : 'failed', `http_${response.status}`, `File download answered ${response.status}.`);
      const text = await response.text();
      return text.slice(0, maxFileBytes);
    },

    async post(channel: string, text: string): Promise<{ channel: string; ts: string }> {
      const result = await call<WebAPICallResult & { channel?: string; ts?: string }>('chat.postMessage', { channel, text });
      return { channel: String(result.channel ?? channel), ts: String(result.ts ?? '') };
    },

    async permalink(channel: string, messageTs: string): Promise<string> {
      const result = await call<WebAPICallResult & { permalink?: string }>('chat.getPermalink', { channel, message_ts: messageTs });
      return String(result.permalink ?? '');
    },
  };
}

export interface ChatApi {
  /** The token's team and bot user. */
  authTest(): Promise<{ teamId: string; teamName: string; botUserId: string }>;
  /** Every public channel and every private channel the bot is in, all pages. */
  listChannels(excludeArchived: boolean): Promise<ChatChannel[]>;
  channelInfo(channel: string): Promise<ChatChannel>;
  /** Joins a public channel (the bot must be a member to read it). */
  join(channel: string): Promise<void>;
  /** One page of a channel's history, newest first; `latest` and `oldest` are exclusive. */
  history(channel: string, range: { oldest?: string | undefined; latest?: string | undefined; cursor?: string | undefined; limit: number }): Promise<{ messages: ChatMessage[]; nextCursor: string | undefined }>;
  /** A thread: the parent and its replies after `oldest` (all pages), oldest first. */
  replies(channel: string, threadTs: string, oldest?: string): Promise<ChatMessage[]>;
  fileInfo(fileId: string): Promise<ChatFile>;
  /**
   * The text of an uploaded text-like file, downloaded with the bot token; null for other
   * files. Only URLs on the API's own origin or Slack's file host are fetched, so a message
   * cannot point the token at another server.
   */
  fileText(file: ChatFile): Promise<string | null>;
  post(channel: string, text: string): Promise<{ channel: string; ts: string }>;
  permalink(channel: string, messageTs: string): Promise<string>;
}
/** The chat tool's Web API when the operator names none (CREWD_CHAT_API_URL). */
export const defaultChatApiUrl = 'https://slack.com/api/';

export type ChatApiFactory = (token: string, options: { waitOnRateLimit: boolean }) => ChatApi;

function channelOf(raw: Record<string, unknown>): ChatChannel {
  return {
    id: String(raw.id),
    name: String(raw.name ?? raw.id),
    is_private: Boolean(raw.is_private ?? raw.is_group),
    is_archived: Boolean(raw.is_archived),
    is_member: Boolean(raw.is_member),
    num_members: typeof raw.num_members === 'number' ? raw.num_members : null,
  };
}

function classify(error: unknown, channel: string | undefined): ChatApiError {
  if (error instanceof ChatApiError) return error;
  const coded = error as { code?: string; data?: { error?: string; needed?: string; provided?: string }; retryAfter?: number; statusCode?: number; message?: string };
  if (coded.code === 'slack_webapi_platform_error' && coded.data?.error) {
    const chatError = coded.data.error;
    return new ChatApiError(chatErrorKind(chatError), chatError, `The chat API answered ${chatError}.`, {
      ...(coded.data.needed ? { needed: coded.data.needed } : {}),
      ...(coded.data.provided ? { provided: coded.data.provided.split(',') } : {}),
      ...(channel ? { channel } : {}),
    });
  }
  if (coded.code === 'slack_webapi_rate_limited_error') {
    return new ChatApiError('rate_limited', 'ratelimited', 'The chat API is rate limiting this token.', { retryAfterSeconds: coded.retryAfter ?? 1 });
  }
  if (coded.code === 'slack_webapi_http_error') return new ChatApiError('failed', `http_${coded.statusCode ?? 0}`, 'The chat API answered with an HTTP error.');
  return new ChatApiError('failed', 'request_failed', `The chat API could not be reached: ${coded.message ?? String(error)}`);
}
