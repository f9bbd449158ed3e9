import type { ConversationCheckpoint } from '../contract.js';
import type { ChannelSyncContext } from './channelSyncContext.js';
import { recheckThreads } from './recheckThreads.js';
import { syncPages } from './syncPages.js';

export interface ChannelSyncOptions {
  pageSize: number;
  recheckMs: number;
}

/**
 * One channel's part of a sync run. Invariants: a channel this run already finished is skipped
 * (returns 0); a run resumed after a crash keeps its checkpoint's pass and reads only below what it
 * stored; an incremental run reads only what is newer than the checkpoint (never older than
 * `retentionTs`) and re-reads lately active threads; the channel is trimmed to its cap before the
 * checkpoint is marked done with the newest ts seen. Resolves with the number of rows stored.
 */
export async function syncChannel(options: ChannelSyncOptions, ctx: ChannelSyncContext, retentionTs: string): Promise<number> {
  const { request, channel, config, conversations, clock } = ctx;
  const now = () => clock.now().toISOString();
  let checkpoint: ConversationCheckpoint = (await conversations.checkpoint(request.teamId, channel.id)) ?? {
    source_id: request.teamId,
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
  const taken = resuming && checkpoint.run_low_ts ? await conversations.countSince(request.teamId, channel.id, checkpoint.run_low_ts) : 0;
  const pages = await syncPages(ctx, { checkpoint, floor, taken, pageSize: options.pageSize });
  checkpoint = pages.checkpoint;
  let fetched = pages.fetched;
  // A new reply to an older thread does not show in the channel's history after the
  // checkpoint: re-read the threads that were active lately.
  if (config.includeThreads && !request.initial && checkpoint.synced_ts) {
    fetched += await recheckThreads(ctx, checkpoint.synced_ts, options.recheckMs, pages.threadsSeen);
  }
  await conversations.trimChannel(request.teamId, channel.id, max);
  const newest = [checkpoint.synced_ts, checkpoint.run_newest_ts].filter((ts): ts is string => Boolean(ts)).sort().at(-1) ?? null;
  await conversations.saveCheckpoint({ ...checkpoint, synced_ts: newest, run_done: true, last_synced_at: now(), updated_at: now() });
  return fetched;
}
