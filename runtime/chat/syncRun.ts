import type { Logger } from 'pino';
import type { ChannelCheckpoint, ChatIntegrationsRepository } from '../../storage/repositories/chatIntegrations.js';
import type { KnowledgeBaseRepository, KnowledgeMessage } from '../../storage/repositories/knowledgeBase.js';
import type { Clock } from '../clock.js';
import type { SecretCipher } from '../secrets/cipher.js';
import type { ChatApi, ChatApiFactory, ChatChannel, ChatMessage } from '../../plugins/chat/chatApi.js';
import { ChatApiError } from '../../plugins/chat/chatApiError.js';
import { chatLimits, withDefaults, type ChatConfiguration } from './chatConfiguration.js';
import { decideChannels, withMembership } from './channelAccess.js';
import { isoToTs, keepMessage, plainText, tsToIso } from './messageFilter.js';

type ChatHistoryPage = Awaited<ReturnType<ChatApi['history']>>;

export interface SyncRequest {
  workspaceId: string;
  teamId: string;
  /** Identifies one run; a run restored after a crash keeps its id and skips finished channels. */
  runId: string;
  /** true: backfill each channel (within retention); false: only what is newer than its checkpoint. */
  initial: boolean;
}

export interface SyncResult {
  runId: string;
  channels: Array<{ channel_id: string; channel_name: string; fetched: number; status: 'synced' | 'skipped'; reason?: string }>;
  messages_fetched: number;
  messages_removed_by_retention: number;
  finished_at: string;
}

export interface SyncRunDeps {
  knowledgeBase: KnowledgeBaseRepository;
  integrations: ChatIntegrationsRepository;
  cipher: SecretCipher;
  api: ChatApiFactory;
  clock: Clock;
  logger: Logger;
  /** Threads with a message this recent are re-read for new replies on an incremental sync. */
  threadRecheckDays?: number;
  /** Messages per history page (the chat API's maximum is 999). */
  pageSize?: number;
}

/**
 * One sync run of a team into the knowledge base (spec: Sync behavior). Per channel, pages of
 * history are read newest first (the next page while one is written), and each is stored in one
 * transaction with the channel's checkpoint, which records the pass in flight (`run_low_ts`): a
 * run cut off anywhere (kill -9 included) resumes below what it already stored; finished channels
 * are skipped, nothing is fetched twice, and nothing already stored is lost. Storage is idempotent
 * (messages are unique per team, channel and ts), so a page repeated after a crash changes nothing.
 */
export function createSyncRun(deps: SyncRunDeps) {
  const { knowledgeBase: kb, integrations, clock } = deps;
  const pageSize = deps.pageSize ?? 999;
  const recheckMs = (deps.threadRecheckDays ?? 7) * 86_400_000;

  async function messagesOf(api: ChatApi, request: SyncRequest, channel: ChatChannel, config: ChatConfiguration, raw: ChatMessage[]): Promise<KnowledgeMessage[]> {
    const rows: KnowledgeMessage[] = [];
    for (const message of raw) {
      if (!keepMessage(message, config.filterMentionsOnly)) continue;
      let text = plainText(message.text ?? '');
      if (config.includeFiles) {
        for (const file of message.files ?? []) {
          const fileText = await api.fileText(file).catch((error: unknown) => {
            // A file the bot cannot download is left out; the message itself is still stored.
            if (error instanceof ChatApiError && error.kind !== 'failed') return null;
            throw error;
          });
          if (fileText) text += `\n\n[file ${file.name}]\n${fileText}`;
        }
      }
      if (!text.trim()) continue;
      rows.push({
        workspace_id: request.workspaceId,
        team_id: request.teamId,
        channel_id: channel.id,
        channel_name: channel.name,
        ts: message.ts,
        thread_ts: message.thread_ts ?? null,
        author: message.user ?? null,
        text,
        posted_at: tsToIso(message.ts),
      });
    }
    return rows;
  }

  async function threadRows(api: ChatApi, request: SyncRequest, channel: ChatChannel, config: ChatConfiguration, threadTs: string, oldest: string | undefined): Promise<KnowledgeMessage[]> {
    const replies = await withMembership(api, channel, () => api.replies(channel.id, threadTs, oldest));
    // The parent comes back first; it is stored from the history page (or already stored).
    return messagesOf(api, request, channel, config, replies.filter((reply) => reply.ts !== threadTs));
  }

  async function syncChannel(api: ChatApi, request: SyncRequest, channel: ChatChannel, config: ChatConfiguration, retentionTs: string, signal: AbortSignal): Promise<number> {
    const now = () => clock.now().toISOString();
    let checkpoint: ChannelCheckpoint = (await integrations.checkpoint(request.workspaceId, request.teamId, channel.id)) ?? {
      workspace_id: request.workspaceId,
      team_id: request.teamId,
      channel_id: channel.id,
      channel_name: channel.name,
      synced_ts: null,
      run_id: null,
      run_newest_ts: null,
      run_low_ts: null,
      run_done: false,
      last_synced_at: null,
      updated_at: now(),
    };
    if (checkpoint.run_id === request.runId && checkpoint.run_done) return 0;
    const resuming = checkpoint.run_id === request.runId;
    if (!resuming) checkpoint = { ...checkpoint, channel_name: channel.name, run_id: request.runId, run_newest_ts: null, run_low_ts: null, run_done: false, updated_at: now() };
    const floor = !request.initial && checkpoint.synced_ts && checkpoint.synced_ts > retentionTs ? checkpoint.synced_ts : retentionTs;
    const max = config.maxMessagesPerChannel;
    // Top-level messages already stored by this pass (a resumed run counts what it kept).
    let taken = resuming && checkpoint.run_low_ts ? await kb.countChannelSince(request.workspaceId, request.teamId, channel.id, checkpoint.run_low_ts) : 0;
    let fetched = 0;
    // The cursor pages within one (oldest, latest) window, so the window stays fixed for the pass.
    const latest = checkpoint.run_low_ts ?? undefined;
    const threadsSeen = new Set<string>();
    const readPage = (cursor: string | undefined): Promise<ChatHistoryPage> => {
      const page = withMembership(api, channel, () => api.history(channel.id, { oldest: floor, latest, cursor, limit: Math.min(pageSize, max - taken + 50) }));
      // Awaited by the loop; one left unread (a stop, a failed write) must not surface as unhandled.
      page.catch(() => undefined);
      return page;
    };
    let next: Promise<ChatHistoryPage> | undefined = taken < max ? readPage(undefined) : undefined;
    while (next) {
      if (signal.aborted) throw new Error('sync stopped');
      const page = await next;
      next = undefined;
      if (page.messages.length === 0) break;
      const rows = await messagesOf(api, request, channel, config, page.messages);
      const kept = rows.slice(0, max - taken);
      const cut = rows.length > kept.length;
      const oldestKept = kept.at(-1)?.ts;
      taken += Math.min(rows.length, max - taken);
      // The next page is read while this one is written: the chat API and the parsing run on
      // this thread, the database on its own, so the two overlap.
      if (page.nextCursor && taken < max) next = readPage(page.nextCursor);
      if (config.includeThreads) {
        for (const message of page.messages) {
          // Threads of messages beyond the cap are left out with their parents.
          if (!message.reply_count || (cut && (!oldestKept || message.ts < oldestKept))) continue;
          threadsSeen.add(message.ts);
          kept.push(...(await threadRows(api, request, channel, config, message.ts, undefined)));
        }
      }
      const pageNewest = page.messages[0]!.ts;
      const pageOldest = page.messages[page.messages.length - 1]!.ts;
      checkpoint = {
        ...checkpoint,
        run_newest_ts: checkpoint.run_newest_ts && checkpoint.run_newest_ts > pageNewest ? checkpoint.run_newest_ts : pageNewest,
        run_low_ts: pageOldest,
        updated_at: now(),
      };
      // The page and the checkpoint that records it commit together.
      await kb.storeSyncPage(kept, checkpoint, now());
      fetched += kept.length;
    }
    // A new reply to an older thread does not show in the channel's history after the
    // checkpoint: re-read the threads that were active lately.
    if (config.includeThreads && !request.initial && checkpoint.synced_ts) {
      const since = isoToTs(new Date(clock.now().getTime() - recheckMs));
      for (const threadTs of await kb.activeThreads(request.workspaceId, request.teamId, channel.id, since)) {
        if (threadsSeen.has(threadTs)) continue;
        if (signal.aborted) throw new Error('sync stopped');
        const rows = await threadRows(api, request, channel, config, threadTs, checkpoint.synced_ts).catch((error: unknown) => {
          if (error instanceof ChatApiError && error.kind === 'not_found') return [];
          throw error;
        });
        await kb.upsertMessages(rows, now());
        fetched += rows.length;
      }
    }
    await kb.trimChannel(request.workspaceId, request.teamId, channel.id, max);
    const newest = [checkpoint.synced_ts, checkpoint.run_newest_ts].filter((ts): ts is string => Boolean(ts)).sort().at(-1) ?? null;
    await integrations.saveCheckpoint({ ...checkpoint, synced_ts: newest, run_done: true, last_synced_at: now(), updated_at: now() });
    return fetched;
  }

  /** Runs (or resumes) one sync. Throws a ChatApiError when the token stops working mid-run. */
  return async function runSync(request: SyncRequest, signal: AbortSignal): Promise<SyncResult> {
    const integration = await integrations.get(request.workspaceId, request.teamId);
    if (!integration) throw new ChatApiError('not_found', 'integration_not_found', 'The chat integration was disconnected.');
    const config = withDefaults(integration.configuration);
    const api = deps.api(deps.cipher.decrypt(integration.token), { waitOnRateLimit: true });
    const retentionTs = isoToTs(new Date(clock.now().getTime() - config.dataRetentionDays * 86_400_000));
    const result: SyncResult = { runId: request.runId, channels: [], messages_fetched: 0, messages_removed_by_retention: 0, finished_at: '' };
    for (const decision of await decideChannels(api, config)) {
      if (!decision.readable) {
        result.channels.push({ channel_id: decision.channelId, channel_name: decision.name, fetched: 0, status: 'skipped', reason: decision.reason });
        continue;
      }
      try {
        const fetched = await syncChannel(api, request, decision.channel, config, retentionTs, signal);
        result.messages_fetched += fetched;
        result.channels.push({ channel_id: decision.channel.id, channel_name: decision.channel.name, fetched, status: 'synced' });
      } catch (error) {
        // One unreadable channel does not stop the others; a dead token or an outage does.
        if (!(error instanceof ChatApiError) || error.kind !== 'forbidden') throw error;
        deps.logger.warn({ channel: decision.channel.id, chat_error: error.chatError }, 'chat channel skipped');
        result.channels.push({ channel_id: decision.channel.id, channel_name: decision.channel.name, fetched: 0, status: 'skipped', reason: error.chatError });
      }
    }
    await kb.trimWorkspace(request.workspaceId, chatLimits.messagesPerWorkspace);
    result.messages_removed_by_retention = await kb.deleteOlderThan(request.workspaceId, request.teamId, tsToIso(retentionTs));
    result.finished_at = clock.now().toISOString();
    return result;
  };
}

export type RunSync = ReturnType<typeof createSyncRun>;
