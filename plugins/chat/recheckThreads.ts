import { ChatApiError } from './chatApiError.js';
import type { ChannelSyncContext } from './channelSyncContext.js';
import { threadRows } from './knowledgeRows.js';
import { isoToTs } from './messageFilter.js';

/**
 * Re-reads the replies (newer than `syncedTs`) of the channel's threads active within the last
 * `recheckMs`: a new reply to an older thread does not show in the channel's history after the
 * checkpoint. Invariants: threads in `threadsSeen` are not read again; a thread deleted meanwhile
 * (`not_found`) is skipped; an aborted signal stops before the next thread. Resolves with the
 * number of rows stored.
 */
export async function recheckThreads(ctx: ChannelSyncContext, syncedTs: string, recheckMs: number, threadsSeen: Set<string>): Promise<number> {
  const { request, channel, signal, conversations, clock } = ctx;
  let fetched = 0;
  const since = isoToTs(new Date(clock.now().getTime() - recheckMs));
  for (const threadTs of await conversations.activeThreads(request.teamId, channel.id, since)) {
    if (threadsSeen.has(threadTs)) continue;
    if (signal.aborted) throw new Error('sync stopped');
    const rows = await threadRows(ctx, threadTs, syncedTs).catch((error: unknown) => {
      if (error instanceof ChatApiError && error.kind === 'not_found') return [];
      throw error;
    });
    await conversations.store(rows);
    fetched += rows.length;
  }
  return fetched;
}
