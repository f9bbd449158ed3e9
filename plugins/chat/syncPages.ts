import type { ConversationCheckpoint } from '../contract.js';
import type { ChatApi } from './chatApi.js';
import type { ChannelSyncContext } from './channelSyncContext.js';
import { withMembership } from './channelAccess.js';
import { knowledgeRows, threadRows } from './knowledgeRows.js';

type ChatHistoryPage = Awaited<ReturnType<ChatApi['history']>>;

export interface PageLoopStart {
  /** The channel's checkpoint, already marked with this run (fresh or resumed). */
  checkpoint: ConversationCheckpoint;
  /** Only messages newer than this are read (the retention floor, or the last checkpoint). */
  floor: string;
  /** Top-level messages this pass already stored (a resumed run counts what it kept). */
  taken: number;
  pageSize: number;
}

export interface PageLoopResult {
  checkpoint: ConversationCheckpoint;
  fetched: number;
  /** Threads read in full by this pass: the re-check skips them. */
  threadsSeen: Set<string>;
}

/**
 * Reads one channel's history newest first, page by page, into the knowledge base. Invariants: each
 * page is stored in one transaction with the checkpoint that records it (`run_low_ts` = its oldest
 * ts), so a run cut off anywhere resumes below what it stored; at most `maxMessagesPerChannel`
 * top-level messages are kept, and threads of messages beyond the cap are left out with their
 * parents; the next page is read while one is written; an aborted signal stops before the next page.
 */
export async function syncPages(ctx: ChannelSyncContext, start: PageLoopStart): Promise<PageLoopResult> {
  const { api, channel, config, signal, conversations, clock } = ctx;
  const now = () => clock.now().toISOString();
  const { floor, pageSize } = start;
  let { checkpoint, taken } = start;
  const max = config.maxMessagesPerChannel;
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
    const rows = await knowledgeRows(ctx, page.messages);
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
        kept.push(...(await threadRows(ctx, message.ts, undefined)));
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
    await conversations.storePage(kept, checkpoint);
    fetched += kept.length;
  }
  return { checkpoint, fetched, threadsSeen };
}
