import type { ConversationStore, PluginClock } from '../contract.js';
import type { ChatApi, ChatChannel } from './chatApi.js';
import type { ChatConfiguration } from './chatConfiguration.js';
import type { SyncRequest } from './syncRequest.js';

/**
 * What every step of one channel's sync shares. Invariant: `config` is the integration's
 * configuration with defaults, read once per run; `signal` aborts the whole run, and each step
 * checks it before a new chat API read.
 */
export interface ChannelSyncContext {
  api: ChatApi;
  request: SyncRequest;
  channel: ChatChannel;
  config: ChatConfiguration;
  signal: AbortSignal;
  conversations: ConversationStore;
  clock: PluginClock;
}
