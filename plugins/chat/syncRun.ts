import type { PluginContext } from '../contract.js';
import type { ChatApiFactory } from './chatApi.js';
import { ChatApiError } from './chatApiError.js';
import { withDefaults } from './chatConfiguration.js';
import { decideChannels } from './channelAccess.js';
import { conversationsOf } from './conversationsOf.js';
import { syncChannel } from './syncChannel.js';
import { enforceRetention, retentionTs } from './syncRetention.js';
import type { SyncRequest } from './syncRequest.js';
import type { ChatTeamStore } from './teamStore.js';

export type { SyncRequest } from './syncRequest.js';

export interface SyncResult {
  runId: string;
  channels: Array<{ channel_id: string; channel_name: string; fetched: number; status: 'synced' | 'skipped'; reason?: string }>;
  messages_fetched: number;
  messages_removed_by_retention: number;
  finished_at: string;
}

export interface SyncRunDeps {
  teams: Pick<ChatTeamStore, 'get'>;
  api: ChatApiFactory;
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
export function createSyncRun(deps: SyncRunDeps): RunSync {
  const channelOptions = { pageSize: deps.pageSize ?? 999, recheckMs: (deps.threadRecheckDays ?? 7) * 86_400_000 };

  /** Runs (or resumes) one sync. Throws a ChatApiError when the token stops working mid-run. */
  return async function runSync(context: PluginContext, request: SyncRequest, signal: AbortSignal): Promise<SyncResult> {
    const { clock, logger } = context;
    const conversations = conversationsOf(context);
    const integration = await deps.teams.get(request.workspaceId, request.teamId);
    if (!integration) throw new ChatApiError('not_found', 'integration_not_found', 'The chat integration was disconnected.');
    const config = withDefaults(integration.configuration);
    const api = deps.api(integration.token, { waitOnRateLimit: true });
    const retention = retentionTs(clock, config.dataRetentionDays);
    const result: SyncResult = { runId: request.runId, channels: [], messages_fetched: 0, messages_removed_by_retention: 0, finished_at: '' };
    for (const decision of await decideChannels(api, config)) {
      if (!decision.readable) {
        result.channels.push({ channel_id: decision.channelId, channel_name: decision.name, fetched: 0, status: 'skipped', reason: decision.reason });
        continue;
      }
      try {
        const ctx = { api, request, channel: decision.channel, config, signal, conversations, clock };
        const fetched = await syncChannel(channelOptions, ctx, retention);
        result.messages_fetched += fetched;
        result.channels.push({ channel_id: decision.channel.id, channel_name: decision.channel.name, fetched, status: 'synced' });
      } catch (error) {
        // One unreadable channel does not stop the others; a dead token or an outage does.
        if (!(error instanceof ChatApiError) || error.kind !== 'forbidden') throw error;
        logger.warn({ channel: decision.channel.id, chat_error: error.chatError }, 'chat channel skipped');
        result.channels.push({ channel_id: decision.channel.id, channel_name: decision.channel.name, fetched: 0, status: 'skipped', reason: error.chatError });
      }
    }
    result.messages_removed_by_retention = await enforceRetention(conversations, request.teamId, retention);
    result.finished_at = clock.now().toISOString();
    return result;
  };
}

/** Runs one sync of a workspace's chat team: what the plugin's job and the sync route call. */
export type RunSync = (context: PluginContext, request: SyncRequest, signal: AbortSignal) => Promise<SyncResult>;
