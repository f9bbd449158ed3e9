/** One message of a conversation source (e.g. a chat team), stored once per (source, channel, ts). */
export interface ConversationMessage {
  /** The source the message was read from (for chat: the team id). */
  source_id: string;
  channel_id: string;
  channel_name: string;
  /** The source's message id, sortable as text within a channel (chat: `1700000000.000100`). */
  ts: string;
  thread_ts: string | null;
  author: string | null;
  text: string;
  posted_at: string;
}

/**
 * How far one channel of a source has been read. `synced_ts` is the newest message of the last
 * finished pass; `run_*` record the pass in flight (`run_low_ts`: the oldest message it stored),
 * so a pass cut off anywhere resumes below what it stored.
 */
export interface ConversationCheckpoint {
  source_id: string;
  channel_id: string;
  channel_name: string;
  synced_ts: string | null;
  run_id: string | null;
  run_newest_ts: string | null;
  run_low_ts: string | null;
  run_done: boolean;
  last_synced_at: string | null;
  updated_at: string;
}

/**
 * The workspace's conversation messages. Invariants: storing is idempotent (a message is unique
 * per source, channel and ts, a repeat replaces it); `storePage` commits the messages and the
 * checkpoint that records them in one transaction; the workspace never keeps more than the
 * runtime's cap of messages (the newest are kept, `enforceLimits`).
 */
export interface ConversationStore {
  store(messages: ConversationMessage[]): Promise<void>;
  storePage(messages: ConversationMessage[], checkpoint: ConversationCheckpoint): Promise<void>;
  checkpoint(sourceId: string, channelId: string): Promise<ConversationCheckpoint | undefined>;
  checkpoints(sourceId: string): Promise<ConversationCheckpoint[]>;
  saveCheckpoint(checkpoint: ConversationCheckpoint): Promise<void>;
  /** Top-level messages of the channel at or after `sinceTs`. */
  countSince(sourceId: string, channelId: string, sinceTs: string): Promise<number>;
  /** Thread ids of the channel with a message at or after `sinceTs`. */
  activeThreads(sourceId: string, channelId: string, sinceTs: string): Promise<string[]>;
  channelCounts(sourceId: string): Promise<Array<{ channel_id: string; channel_name: string; message_count: number }>>;
  /** Keeps the newest `keep` top-level messages of the channel (their threads with them). */
  trimChannel(sourceId: string, channelId: string, keep: number): Promise<void>;
  /**
   * Trims the workspace to the runtime's message cap, then (with `olderThan`) deletes the
   * source's messages posted before it (retention). Resolves with the number retention deleted.
   */
  enforceLimits(sourceId: string, olderThan?: string): Promise<number>;
  /** Deletes every message of the source; resolves with the number deleted. */
  purge(sourceId: string): Promise<number>;
}
